//! A saved trace stands alone: `prune trace --format json` written to a file and read back by
//! `trace`, `export` and the index gives byte-identical views of every built-in lesson and
//! preset, and a trace that is newer, cut short or inconsistent is refused with a message that
//! names the event and the rule.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use prune::event::Bound;
use prune::index::Recorded;
use prune::lesson::{Lesson, Overrides, builtin_names};
use prune::trace::{Event, Trace};

fn prune(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_prune"))
        .args(args)
        .output()
        .expect("prune runs")
}

/// Whether the preset runs Monte Carlo tree search.
fn is_monte_carlo(lesson: &Lesson, run: &str) -> bool {
    let setup = lesson.setup(Some(run), &Overrides::default()).unwrap();
    setup.options.family().samples()
}

fn stdout(args: &[&str]) -> String {
    let out = prune(args);
    assert!(
        out.status.success(),
        "prune {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("prune-trace-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Every view a command prints of a run, from the lesson and from its saved trace.
const VIEWS: [&[&str]; 5] = [
    &["trace", "--format", "tsv"],
    &["trace", "--format", "jsonl"],
    &["trace", "--format", "table"],
    &["export", "--format", "dot"],
    &["export", "--format", "md"],
];

#[test]
fn every_lesson_and_preset_round_trips_through_a_saved_trace() {
    let mut checked = 0;
    for stem in builtin_names() {
        let lesson = Lesson::open(stem).unwrap();
        for run in &lesson.spec.runs {
            // prune trace's table of a Monte Carlo run (one row per iteration) is still to
            // come (issue 22); tests/mcts_lessons.rs records these presets.
            if is_monte_carlo(&lesson, &run.name) {
                continue;
            }
            let saved = scratch(&format!(
                "{stem}-{}.json",
                run.name.replace([' ', '/'], "_")
            ));
            let json = stdout(&["trace", stem, "--run", &run.name, "--format", "json"]);
            std::fs::write(&saved, &json).unwrap();
            let file = saved.to_str().unwrap();
            for view in VIEWS {
                let (cmd, rest) = (view[0], &view[1..]);
                let mut live = vec![cmd, stem, "--run", &run.name];
                live.extend_from_slice(rest);
                let mut replayed = vec![cmd, file];
                replayed.extend_from_slice(rest);
                assert_eq!(
                    stdout(&live),
                    stdout(&replayed),
                    "{stem} / {}: `{}` differs from the saved trace",
                    run.name,
                    view.join(" ")
                );
            }
            // Saving the saved trace again changes nothing.
            assert_eq!(stdout(&["trace", file, "--format", "json"]), json);
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} presets were checked");
}

#[test]
fn the_header_describes_the_run_without_the_lesson() {
    let lesson = Lesson::open("000-worked-tree").unwrap();
    let setup = lesson.setup(Some("worked"), &Overrides::default()).unwrap();
    let rec = prune::index::record(&lesson, &setup).unwrap();
    let h = &rec.trace.header;
    assert_eq!((h.format.as_str(), h.version), ("prune-trace", 3));
    assert_eq!(h.lesson, "000-worked-tree");
    // Seed 000's worked tree: value 3 by move 0 in 12 calls (seed 000, fixture "worked").
    assert_eq!(
        (h.result.score, h.result.mv, h.result.stats.nodes),
        (3, 0, 12)
    );
    // Every state an event names is in the catalog, with the graph's side and label.
    for event in rec.trace.events.iter() {
        if let Event::Enter { state, turn, .. } = event {
            let info = h
                .catalog
                .get(state)
                .expect("an entered state is catalogued");
            assert_eq!(info.turn, prune::game::Game::side(&lesson.graph, state));
            assert_eq!(info.label.as_deref(), lesson.graph.label(state));
            assert_eq!(turn, info.turn);
        }
    }
    for (&mv, &child) in rec.trace.moves.iter().zip(&rec.trace.children) {
        assert!(
            h.catalog.contains(child),
            "move {mv} leads to an unlisted state"
        );
    }
}

fn saved_worked() -> Trace {
    let lesson = Lesson::open("000-worked-tree").unwrap();
    let setup = lesson.setup(Some("worked"), &Overrides::default()).unwrap();
    prune::run::recorded(&lesson, &setup).unwrap()
}

fn load_error(text: &str, name: &str) -> String {
    let path = scratch(name);
    std::fs::write(&path, text).unwrap();
    let err = Recorded::load(Path::new(&path)).expect_err("the trace is refused");
    let cli = prune(&["trace", path.to_str().unwrap(), "--format", "tsv"]);
    assert_eq!(cli.status.code(), Some(2), "exit code for {name}");
    assert!(cli.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&cli.stderr).into_owned();
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(stderr.contains(&err.to_string()), "{stderr} vs {err}");
    err.to_string()
}

#[test]
fn a_newer_version_is_refused_by_name() {
    let mut trace = saved_worked();
    trace.header.version = 4;
    let msg = load_error(&trace.to_json(), "newer.json");
    assert!(msg.contains("format version 4"), "{msg}");
    assert!(msg.contains("up to 3"), "{msg}");
}

/// The header says which side every value is counted from, as the run really counts it:
/// MAX's side for seed 000's search and expectiminimax, the side to move for seed 002's
/// negamax and PVS, a terminal's payoff vector for max-n. A version-1 file, which said
/// max-side for every run, still reads; a header that contradicts its run does not.
#[test]
fn the_header_states_the_runs_score_convention() {
    use prune::search::Algorithm;
    let cases = [
        ("000-worked-tree", Algorithm::AlphaBeta, "max-side"),
        ("000-worked-tree", Algorithm::Negamax, "side-to-move"),
        ("000-worked-tree", Algorithm::Pvs, "side-to-move"),
        ("004-chance-coin", Algorithm::Expectiminimax, "max-side"),
        ("004-three-players", Algorithm::Maxn, "payoff-vector"),
    ];
    for (name, algorithm, convention) in cases {
        let lesson = Lesson::open(name).unwrap();
        let over = Overrides {
            algorithm: Some(algorithm),
            ..Overrides::default()
        };
        let setup = lesson.setup(None, &over).unwrap();
        let trace = prune::run::recorded(&lesson, &setup).unwrap();
        let json: serde_json::Value = serde_json::from_str(&trace.to_json()).unwrap();
        assert_eq!(json["header"]["scores"], convention, "{name} {algorithm:?}");
        Recorded::new(trace.clone()).expect("the run's own header reads");

        // What version 1 wrote for every run reads as that version.
        let mut v1 = trace.clone();
        v1.header.version = 1;
        v1.header.scores = prune::trace::Scores::MaxSide;
        Recorded::new(v1.clone()).expect("a version-1 header reads");
        let path = scratch(&format!("v1-{name}-{}.json", algorithm.name()));
        std::fs::write(&path, v1.to_json()).unwrap();
        Recorded::load(Path::new(&path)).expect("a version-1 file reads");

        // A version-2 header that names another convention is refused by name.
        if convention != "max-side" {
            let mut wrong = trace.clone();
            wrong.header.scores = prune::trace::Scores::MaxSide;
            let msg = load_error(&wrong.to_json(), &format!("wrong-{name}.json"));
            assert!(msg.contains("\"max-side\""), "{msg}");
            assert!(msg.contains(convention), "{msg}");
        }
    }
}

#[test]
fn a_truncated_file_names_line_and_column() {
    let json = saved_worked().to_json();
    let msg = load_error(&json[..json.len() / 2], "truncated.json");
    assert!(msg.contains("line 1, column"), "{msg}");
}

#[test]
fn events_that_do_not_fit_name_the_event_and_the_rule() {
    // A return removed: the call it closed is still open when its parent pops the child.
    let mut trace = saved_worked();
    let at = trace
        .events
        .iter()
        .position(|e| matches!(e, Event::Return { .. }))
        .unwrap();
    trace.events.remove(at);
    let msg = load_error(&trace.to_json(), "missing-return.json");
    assert!(msg.contains(&format!("event {at}")), "{msg}");

    // A push of a move that is not in the frame's order.
    let mut trace = saved_worked();
    let at = trace
        .events
        .iter()
        .position(|e| matches!(e, Event::Push { .. }))
        .unwrap();
    let mut push = trace.events.at(at);
    if let Event::Push { mv, .. } = &mut push {
        *mv += 7;
    }
    trace.events.set(at, push);
    let msg = load_error(&trace.to_json(), "bad-push.json");
    assert!(msg.contains(&format!("event {at}")), "{msg}");
    assert!(msg.contains("not candidate 0 of the order"), "{msg}");

    // A state the catalog does not list.
    let mut trace = saved_worked();
    let mut enter = trace.events.at(1);
    if let Event::Enter { state, .. } = &mut enter {
        *state = 60;
    }
    trace.events.set(1, enter);
    let msg = load_error(&trace.to_json(), "unknown-state.json");
    assert!(
        msg.contains("event 1: state 60 is not in the header's catalog"),
        "{msg}"
    );

    // Counters that disagree with the events.
    let mut trace = saved_worked();
    trace.header.result.stats.nodes += 1;
    let msg = load_error(&trace.to_json(), "wrong-count.json");
    assert!(
        msg.contains("counts 13 calls, the events admit 12"),
        "{msg}"
    );
}

#[test]
fn run_options_with_a_saved_trace_are_an_error() {
    let path = scratch("options.json");
    std::fs::write(&path, saved_worked().to_json()).unwrap();
    let out = prune(&["trace", path.to_str().unwrap(), "--depth", "2"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--depth would change the run"), "{stderr}");
    // And a lesson-only command says what reads a trace.
    let out = prune(&["run", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("this is a saved trace"));
}

/// One random corruption of a trace's events: drop one, repeat one, swap two neighbours, or
/// change one field of one event.
fn corrupt(trace: &mut Trace, rng: &mut prune::rng::Rng) -> String {
    let n = trace.events.len();
    let i = rng.below(n);
    match rng.below(4) {
        0 => {
            trace.events.remove(i);
            format!("event {i} removed")
        }
        1 => {
            let e = trace.events.at(i);
            trace.events.insert(i, e);
            format!("event {i} repeated")
        }
        2 if i + 1 < n => {
            trace.events.swap(i, i + 1);
            format!("events {i} and {} swapped", i + 1)
        }
        _ => {
            let nudge = rng.range(-3, 3) as i32;
            let mut event = trace.events.at(i);
            match &mut event {
                Event::Enter { state, alpha, .. } => {
                    *state = state.wrapping_add(nudge as u32);
                    *alpha = alpha.saturating_add(nudge);
                }
                Event::Push { pos, mv, .. } => {
                    *pos = pos.wrapping_add(nudge as u16);
                    *mv = mv.wrapping_add(nudge as i16);
                }
                Event::Order { start, len, .. } => {
                    *start = start.wrapping_add(nudge as u32);
                    *len = len.wrapping_add(nudge as u16);
                }
                Event::Bound(Bound::Cutoff { pos, .. }) => *pos = pos.wrapping_add(nudge as u16),
                Event::Return { state, .. } | Event::Unwind { state } => {
                    *state = state.wrapping_add(nudge as u32)
                }
                Event::PassEnd { depth, .. } | Event::PassStart { depth } => {
                    *depth = depth.wrapping_add(nudge as u8)
                }
                _ => {}
            }
            trace.events.set(i, event);
            format!("event {i} changed")
        }
    }
}

/// Thousands of corrupted traces of every lesson and preset: each is refused with an error or,
/// when the corruption still fits every rule, indexed, replayed to its end and rendered;
/// nothing panics.
#[test]
fn corrupted_traces_are_refused_or_replayed_never_a_panic() {
    let mut rng = prune::rng::Rng::new(8);
    let (mut refused, mut accepted) = (0, 0);
    for stem in builtin_names() {
        let lesson = Lesson::open(stem).unwrap();
        for run in &lesson.spec.runs {
            let setup = lesson
                .setup(Some(&run.name), &Overrides::default())
                .unwrap();
            let clean = prune::run::recorded(&lesson, &setup).unwrap();
            // A large run (tic-tac-toe's 18,297 calls) costs a hundred small ones per
            // replay: a dozen corruptions of it, 120 of every other run.
            let tries = if clean.events.len() > 5_000 { 12 } else { 120 };
            for _ in 0..tries {
                let mut trace = clean.clone();
                let what = corrupt(&mut trace, &mut rng);
                let outcome = std::panic::catch_unwind(|| match Recorded::new(trace) {
                    Err(e) => {
                        assert!(!e.to_string().is_empty());
                        false
                    }
                    Ok(rec) => {
                        let replay = prune::replay::Replay::new(rec);
                        let _ = replay.seek(replay.len());
                        let _ = prune::report::trace_tsv(&replay.rec);
                        let _ = prune::report::trace_jsonl(&replay.rec);
                        let _ = prune::export::dot::render(&replay.rec, prune::export::Passes::All);
                        true
                    }
                });
                match outcome {
                    Ok(true) => accepted += 1,
                    Ok(false) => refused += 1,
                    Err(_) => panic!("{stem} / {}: {what} made prune panic", run.name),
                }
            }
        }
    }
    assert!(refused > 1000, "only {refused} corruptions were refused");
    assert!(accepted + refused > 2500);
}

/// The call rows indexed as the search runs are the rows of the recorded run, for every
/// built-in graph lesson and preset (a game's rows are always its recorded run's).
#[test]
fn rows_folded_as_the_search_runs_equal_the_recorded_ones() {
    for stem in builtin_names() {
        let lesson = Lesson::open(stem).unwrap();
        for run in &lesson.spec.runs {
            let setup = lesson
                .setup(Some(&run.name), &Overrides::default())
                .unwrap();
            // A Monte Carlo run has no call rows to stream; a game's positions are named by its
            // recorded catalog.
            if setup.options.family().samples() || lesson.model.has_own_root() {
                continue;
            }
            let recorded = prune::index::record(&lesson, &setup).unwrap();
            let streamed = prune::index::calls_only(&lesson, &setup).unwrap();
            assert_eq!(streamed.calls() as u64, recorded.result().stats.nodes);
            assert_eq!(
                prune::report::trace_tsv(&streamed),
                prune::report::trace_tsv(&recorded),
                "{stem} / {}",
                run.name
            );
            assert_eq!(
                prune::report::trace_table(&streamed),
                prune::report::trace_table(&recorded),
                "{stem} / {}",
                run.name
            );
        }
    }
}

/// `value` with every object's keys in sorted order (what `jq -S .` writes), whatever order
/// serde_json's maps keep.
fn sorted(value: serde_json::Value) -> serde_json::Value {
    match value {
        serde_json::Value::Object(map) => {
            let mut entries: Vec<_> = map.into_iter().collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            serde_json::Value::Object(entries.into_iter().map(|(k, v)| (k, sorted(v))).collect())
        }
        serde_json::Value::Array(items) => items.into_iter().map(sorted).collect(),
        other => other,
    }
}

/// A saved trace with its keys sorted is the same document: it is read as a trace (its
/// format string is then past the first 4 KB), and every view prints what the original does.
#[test]
fn a_trace_with_sorted_keys_is_still_a_trace() {
    let json = stdout(&[
        "trace",
        "000-worked-tree",
        "--run",
        "worked",
        "--format",
        "json",
    ]);
    let value = sorted(serde_json::from_str(&json).unwrap());
    let text = serde_json::to_string_pretty(&value).unwrap();
    let format_at = text.find("\"format\"").unwrap();
    assert!(text.find("\"children\"").unwrap() < format_at);
    assert!(format_at > 4096, "the format is at byte {format_at}");
    let path = scratch("sorted-keys.json");
    std::fs::write(&path, &text).unwrap();
    let file = path.to_str().unwrap();
    for format in ["tsv", "table", "jsonl"] {
        assert_eq!(
            stdout(&["trace", file, "--format", format]),
            stdout(&[
                "trace",
                "000-worked-tree",
                "--run",
                "worked",
                "--format",
                format
            ]),
            "{format}"
        );
    }
    // And a document whose header is not an object is a broken trace, not a lesson.
    let broken = r#"{"header": 5, "events": [], "moves": [], "children": []}"#;
    let msg = load_error(broken, "header-not-object.json");
    assert!(msg.contains("expected struct Header"), "{msg}");
    assert!(!msg.contains("unknown field"), "{msg}");
}

/// The writer and the readers agree on the largest trace: the size the writer counts is the
/// size it writes, it refuses one past the readers' limit (saying how large it would be), and
/// the readers take a file of the size the issue's run wrote (1.24 GB) up to the size check.
#[test]
fn the_writer_refuses_what_the_readers_refuse() {
    use prune::index::saved::{check_size, json_len};
    use prune::trace::MAX_TRACE_BYTES;
    let trace = saved_worked();
    assert_eq!(json_len(&trace), trace.to_json().len() as u64);

    assert!(check_size("t", MAX_TRACE_BYTES).is_ok());
    let err = check_size("t", MAX_TRACE_BYTES + 1)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains(&format!("{} bytes", MAX_TRACE_BYTES + 1)),
        "{err}"
    );
    assert!(err.contains("more than"), "{err}");
    // The run of the issue (uniform b = 8, d = 7, minimax): 1.24 GB, written and readable.
    let issue = 1_240_000_000;
    assert!(check_size("t", issue).is_ok());

    // Files as large, made sparse (nothing is written): the reader takes the one the writer
    // would write and refuses the one past it, by its size.
    for (size, refused) in [(issue, false), (MAX_TRACE_BYTES + 1, true)] {
        let path = scratch(&format!("sparse-{size}.json"));
        let file = std::fs::File::create(&path).unwrap();
        file.set_len(size).unwrap();
        drop(file);
        let err = Recorded::load(&path).unwrap_err().to_string();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(err.contains("is limited to"), refused, "{size}: {err}");
    }
}

/// Every header counter the events can contradict is checked: a changed counter is refused
/// with one line naming it (exit 2), as is a scale that is not positive.
#[test]
fn header_counters_and_scale_that_the_events_contradict_are_refused() {
    type Edit = fn(&mut Trace);
    let cases: [(&str, Edit, &str); 7] = [
        (
            "evals",
            |t| t.header.result.stats.evals = 1 << 63,
            "counts 9223372036854775808 evals",
        ),
        (
            "cutoffs",
            |t| t.header.result.stats.cutoffs += 1,
            "cutoffs, the events make",
        ),
        (
            "tt-hits",
            |t| t.header.result.stats.tt_hits += 1,
            "tt_hits (usable table returns), the events make",
        ),
        (
            "qnodes",
            |t| t.header.result.stats.qnodes += 1,
            "qnodes (calls at depth 0), the events make",
        ),
        (
            "peak",
            |t| t.header.result.stats.peak += 1,
            "peak (deepest ply), the events make",
        ),
        (
            "scale-zero",
            |t| t.header.scale = 0,
            "the header's scale is 0",
        ),
        (
            "scale-negative",
            |t| t.header.scale = -4,
            "the header's scale is -4",
        ),
    ];
    for (name, edit, want) in cases {
        let mut trace = saved_worked();
        edit(&mut trace);
        let msg = load_error(&trace.to_json(), &format!("{name}.json"));
        assert!(msg.contains(want), "{name}: {msg}");
    }
    // The counters of a run with a table, quiescence and cutoffs agree with its events.
    for (stem, preset) in [
        ("000-transposition", "transposition"),
        ("000-tactical", "quiescence"),
    ] {
        let lesson = Lesson::open(stem).unwrap();
        let setup = lesson.setup(Some(preset), &Overrides::default()).unwrap();
        let trace = prune::run::recorded(&lesson, &setup).unwrap();
        let s = trace.header.result.stats;
        assert!(
            s.evals > 0 && s.cutoffs + s.tt_hits + s.qnodes > 0,
            "{stem}: {s:?}"
        );
        Recorded::new(trace).unwrap();
    }
}

/// A max-n trace whose players disagree with its payoff vectors (or its seats) is refused.
#[test]
fn players_that_disagree_with_the_vectors_are_refused() {
    let lesson = Lesson::open("004-three-players").unwrap();
    let setup = lesson.setup(None, &Overrides::default()).unwrap();
    let trace = prune::run::recorded(&lesson, &setup).unwrap();
    assert_eq!(trace.header.players.len(), 3);
    Recorded::new(trace.clone()).unwrap();

    let mut fewer = trace.clone();
    fewer.header.players.pop();
    let msg = load_error(&fewer.to_json(), "two-players.json");
    assert!(msg.contains("but the header names 2 players"), "{msg}");

    let mut more = trace.clone();
    more.header.players.push("D".into());
    let msg = load_error(&more.to_json(), "four-players.json");
    assert!(msg.contains("but the header names 4 players"), "{msg}");
}

/// A uniform tree's rows (`prune trace` as tsv) are its recorded run's, each position named
/// by its moves from the root, as the game names it; only a graph's rows are folded as the
/// search runs (its nodes are the lesson's own, listed up front).
#[test]
fn a_uniform_trees_rows_name_positions_by_their_moves() {
    use prune::game::model::{GameSpec, LeavesSpec};
    for leaves in [LeavesSpec::Random, LeavesSpec::Worst] {
        let lesson = Lesson::of_game(&GameSpec::Uniform {
            branching: 3,
            depth: 5,
            leaves,
            seed: 7,
        })
        .unwrap();
        let over = Overrides {
            depth: Some(5),
            deepening: Some(false),
            ..Overrides::default()
        };
        let setup = lesson.setup(None, &over).unwrap();
        let recorded = prune::index::record(&lesson, &setup).unwrap();
        assert!(prune::index::calls_only(&lesson, &setup).is_err());
        let tsv = prune::report::trace_tsv(&recorded);
        let leaves_name = leaves.name();
        let out = prune(&[
            "trace",
            "--game",
            "uniform",
            "--branching",
            "3",
            "--depth",
            "5",
            "--leaves",
            leaves_name,
            "--seed",
            "7",
            "--format",
            "tsv",
        ]);
        assert_eq!(String::from_utf8(out.stdout).unwrap(), tsv);
        assert_eq!(
            tsv.lines().count() as u64,
            recorded.result().stats.nodes + 1
        );
        let table = prune::report::trace_table(&recorded);
        assert!(table.contains("0.0.0.0.0"), "{table}");
    }
}

/// Traces written by the binary before positions were numbered as met (format version 2:
/// tic-tac-toe boards numbered by their base-3 code, uniform nodes by level order) read back
/// with the same `prune trace` table that binary printed of them (kept beside each file), and
/// a tic-tac-toe one still draws its board in the tutor.
#[test]
fn version_2_traces_read_back_as_they_were_written() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/v2");
    for name in [
        "tictactoe-block",
        "uniform-3-4",
        "worked-tree",
        "mcts-tictactoe",
    ] {
        let file = dir.join(format!("{name}.json"));
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains("\"version\":2"), "{name}");
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_prune"))
            .arg("trace")
            .arg(&file)
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let want = std::fs::read_to_string(dir.join(format!("{name}.table.txt"))).unwrap();
        assert_eq!(String::from_utf8(out.stdout).unwrap(), want, "{name}");
    }
    let rec = prune::index::Recorded::load(&dir.join("tictactoe-block.json")).unwrap();
    let start = rec.trace.header.start;
    let root = rec.catalog().get(start).unwrap();
    assert_eq!(root.board, ["XOX", ".O.", "..."]);
    assert_eq!(root.board_note, "X to move");
}

/// Issue 35 (low): a max-n trace naming one player twice, or a player with an escape in its
/// name, is refused (both were accepted and drawn as columns).
#[test]
fn duplicate_or_unprintable_player_names_are_refused() {
    let lesson = Lesson::open("004-three-players").unwrap();
    let setup = lesson.setup(None, &Overrides::default()).unwrap();
    let trace = prune::run::recorded(&lesson, &setup).unwrap();
    let mut twice = trace.clone();
    twice.header.players[2] = twice.header.players[0].clone();
    let msg = load_error(&twice.to_json(), "twice.json");
    assert!(
        msg.contains("player 3") && msg.contains("earlier one"),
        "{msg}"
    );
    let mut escaped = trace.clone();
    escaped.header.players[1] = "B\u{1b}[2J".into();
    let msg = load_error(&escaped.to_json(), "escaped.json");
    assert!(
        msg.contains("player 2") && msg.contains("printable"),
        "{msg}"
    );
    assert!(!msg.contains('\u{1b}'), "{msg}");
}

/// Issue 35, item 11: a saved Monte Carlo trace whose expansion adds the root's own position
/// below the root (a root as its own child) is refused; it was shown as if real.
#[test]
fn a_monte_carlo_root_as_its_own_child_is_refused() {
    use prune::event::Mcts;
    use prune::search::Algorithm;
    let lesson = Lesson::of_game(&prune::game::model::GameSpec::Tictactoe {
        board: String::new(),
        scores: prune::game::model::ScoresSpec::Plain,
    })
    .unwrap();
    let over = Overrides {
        algorithm: Some(Algorithm::Mcts),
        iterations: Some(5),
        ..Overrides::default()
    };
    let setup = lesson.setup(None, &over).unwrap();
    let trace = prune::run::recorded(&lesson, &setup).unwrap();
    Recorded::new(trace.clone()).unwrap();
    let at = trace
        .events
        .iter()
        .find_map(|e| match e {
            Event::Mcts(Mcts::Expand { parent: 0, at, .. }) => Some(at),
            _ => None,
        })
        .expect("an expansion below the root");
    let mut own_child = trace.clone();
    own_child.children[at as usize] = trace.header.start;
    let msg = load_error(&own_child.to_json(), "own-child.json");
    assert!(msg.contains("same position"), "{msg}");
}

/// A recorded tic-tac-toe Monte Carlo run of `iterations`, which the index accepts.
fn ttt_monte_carlo(iterations: u32) -> Trace {
    let lesson = Lesson::of_game(&prune::game::model::GameSpec::Tictactoe {
        board: String::new(),
        scores: prune::game::model::ScoresSpec::Plain,
    })
    .unwrap();
    let over = Overrides {
        algorithm: Some(prune::search::Algorithm::Mcts),
        iterations: Some(iterations),
        ..Overrides::default()
    };
    let setup = lesson.setup(None, &over).unwrap();
    let trace = prune::run::recorded(&lesson, &setup).unwrap();
    Recorded::new(trace.clone()).unwrap();
    trace
}

/// Every move the run made, in event order: (arena index, position moved from), from each
/// expansion and each playout step.
fn monte_carlo_moves(trace: &Trace) -> Vec<(usize, u32)> {
    use prune::event::Mcts;
    let mut nodes: Vec<u32> = vec![trace.header.start];
    let mut out = Vec::new();
    for e in trace.events.iter() {
        match e {
            Event::Mcts(Mcts::Expand { parent, at, .. }) => {
                out.push((at as usize, nodes[parent as usize]));
                nodes.push(trace.children[at as usize]);
            }
            Event::Mcts(Mcts::Playout {
                node, start, len, ..
            }) => {
                let mut from = nodes[node as usize];
                for k in start as usize..start as usize + len as usize {
                    out.push((k, from));
                    from = trace.children[k];
                }
            }
            _ => {}
        }
    }
    out
}

/// Issue 35, item 11: a saved Monte Carlo trace whose playout takes a move its position does
/// not have, or sends a move of a position somewhere else than the run's same move went, or
/// ends on a position the catalog scores otherwise than the playout's value, is refused (each
/// was replayed as if real).
#[test]
fn a_monte_carlo_path_the_game_does_not_have_is_refused() {
    let trace = ttt_monte_carlo(60);
    let moves = monte_carlo_moves(&trace);
    let playout_step = |t: &Trace| {
        t.events
            .iter()
            .find_map(|e| match e {
                Event::Mcts(prune::event::Mcts::Playout { start, len, .. }) if len > 1 => {
                    Some((start as usize, len as usize))
                }
                _ => None,
            })
            .expect("a playout of two moves or more")
    };
    // A move number past the position's moves.
    let (start, _) = playout_step(&trace);
    let mut past = trace.clone();
    past.moves[start] = 40;
    let msg = load_error(&past.to_json(), "past-moves.json");
    assert!(
        msg.contains("move 40 of state") && msg.contains("moves"),
        "{msg}"
    );
    // The same move of the same position leading elsewhere the second time it is made.
    let mut seen = std::collections::HashMap::new();
    let again = moves
        .iter()
        .find(|&&(k, from)| {
            seen.insert((from, trace.moves[k]), k)
                .is_some_and(|first| trace.children[first] == trace.children[k])
        })
        .copied()
        .expect("a move made twice");
    let mut elsewhere = trace.clone();
    let other = (trace.header.catalog.iter())
        .map(|s| s.id)
        .find(|&s| s != trace.children[again.0] && s != trace.header.start && s != again.1)
        .unwrap();
    elsewhere.children[again.0] = other;
    let msg = load_error(&elsewhere.to_json(), "elsewhere.json");
    assert!(
        msg.contains("where the run's same move led to state"),
        "{msg}"
    );
    // The playout's last position scored otherwise by the catalog.
    let (start, len) = playout_step(&trace);
    let last = trace.children[start + len - 1];
    let mut rescored = trace.clone();
    let states: Vec<_> = (rescored.header.catalog.iter().cloned())
        .map(|mut s| {
            if s.id == last {
                s.score = Some(s.score.unwrap_or(0) + 7);
            }
            s
        })
        .collect();
    rescored.header.catalog = prune::trace::Catalog::new(states);
    let msg = load_error(&rescored.to_json(), "rescored.json");
    assert!(msg.contains("but the header's catalog scores it"), "{msg}");
}

/// Issue 35, item 11: a chance trace whose scale is not a multiple of its probabilities'
/// denominators (every value would print wrong: 004-chance-coin's leaf 3 is 12 quarters) is
/// refused; its own scale, 4, reads.
#[test]
fn a_chance_trace_with_a_scale_its_chances_cannot_have_is_refused() {
    let lesson = Lesson::open("004-chance-coin").unwrap();
    let setup = lesson.setup(None, &Overrides::default()).unwrap();
    let trace = prune::run::recorded(&lesson, &setup).unwrap();
    assert_eq!(trace.header.scale, 4);
    Recorded::new(trace.clone()).unwrap();
    for wrong in [1, 2, 6] {
        let mut t = trace.clone();
        t.header.scale = wrong;
        let msg = load_error(&t.to_json(), &format!("scale-{wrong}.json"));
        assert!(
            msg.contains(&format!("the header's scale is {wrong}"))
                && msg.contains("a multiple of 4"),
            "{msg}"
        );
    }
}

/// Issue 35, item 11: a scale that is a wrong multiple of the run's (8 or 12 for
/// 004-chance-coin's 4) passes every rule of the events, and every value would print wrong
/// (halved, thirded): the catalog's exact scores say which scale the run counted in. The same
/// for fractional scores without chance (004-eval-two-features, in halves: 2).
#[test]
fn a_trace_at_a_multiple_of_its_scale_is_refused_with_the_scale_it_must_have() {
    let recorded = |stem: &str| {
        let lesson = Lesson::open(stem).unwrap();
        let setup = lesson.setup(None, &Overrides::default()).unwrap();
        prune::run::recorded(&lesson, &setup).unwrap()
    };
    let coin = recorded("004-chance-coin");
    // The coin's probabilities are 1/2, 1/4 and 3/4 over whole leaves: quarters.
    assert_eq!(coin.header.scale, 4);
    // Its first leaf, L1a, scores 3 (the lesson's graph): 12 quarters, written exactly.
    let l1a = coin
        .header
        .catalog
        .iter()
        .find(|s| s.label.as_deref() == Some("L1a"))
        .unwrap();
    assert_eq!((l1a.score, l1a.exact.as_deref()), (Some(12), Some("3")));
    Recorded::new(coin.clone()).unwrap();
    for wrong in [8, 12] {
        let mut t = coin.clone();
        t.header.scale = wrong;
        let msg = load_error(&t.to_json(), &format!("coin-scale-{wrong}.json"));
        assert!(
            msg.contains(&format!("the header's scale is {wrong}"))
                && msg.contains("where its exact score is")
                && msg.ends_with("the scale must be 4"),
            "{msg}"
        );
    }
    let halves = recorded("004-eval-two-features");
    assert_eq!(halves.header.scale, 2);
    Recorded::new(halves.clone()).unwrap();
    let mut t = halves.clone();
    t.header.scale = 4;
    let msg = load_error(&t.to_json(), "halves-scale-4.json");
    assert!(msg.ends_with("the scale must be 2"), "{msg}");
    // An exact score no scale can give (units 12 for 5) is refused too.
    let mut t = coin.clone();
    let states: Vec<_> = (t.header.catalog.iter().cloned())
        .map(|mut s| {
            if s.label.as_deref() == Some("L1a") {
                s.exact = Some("5".into());
            }
            s
        })
        .collect();
    t.header.catalog = prune::trace::Catalog::new(states);
    let msg = load_error(&t.to_json(), "coin-exact-5.json");
    assert!(msg.ends_with("no scale gives that"), "{msg}");
}

/// A recorded run of a game the command line names, with `over`, which the index accepts.
fn game_run(spec: prune::game::model::GameSpec, over: Overrides) -> Trace {
    let lesson = Lesson::of_game(&spec).unwrap();
    let setup = lesson.setup(None, &over).unwrap();
    let trace = prune::run::recorded(&lesson, &setup).unwrap();
    Recorded::new(trace.clone()).unwrap();
    trace
}

/// The arena entries of the first call's order with two candidates or more: (start, len).
fn first_order(trace: &Trace) -> (usize, usize) {
    trace
        .events
        .iter()
        .find_map(|e| match e {
            Event::Order { start, len, .. } if len >= 2 => Some((start as usize, len as usize)),
            _ => None,
        })
        .expect("an order of two candidates")
}

/// Issue 35, item 11: a saved game trace whose moves agree with each other but not with the
/// game its header names (two children of a call swapped, so each move reaches the other's
/// board; a board relabelled in the catalog; a Monte Carlo playout step that names another
/// square; a scale a game does not count in) is refused in one line naming the event and the
/// move. The trace prune writes reads.
#[test]
fn a_game_trace_whose_moves_are_not_the_games_is_refused() {
    use prune::game::model::{GameSpec, LeavesSpec, ScoresSpec};
    let ttt = GameSpec::Tictactoe {
        board: String::new(),
        scores: ScoresSpec::Plain,
    };
    let uniform = GameSpec::Uniform {
        branching: 3,
        depth: 3,
        leaves: LeavesSpec::Random,
        seed: 4,
    };
    // Ten stones on a 4×4 board, no four yet: the six empty cells are searched to the end.
    let connect4 = GameSpec::Connect4 {
        width: 4,
        height: 4,
        moves: "1234123412".into(),
        rules: prune::game::connect4::Rules::PLAIN,
    };
    let shallow = Overrides {
        depth: Some(3),
        ..Overrides::default()
    };
    for (name, spec, over) in [
        ("tictactoe", ttt.clone(), shallow.clone()),
        ("uniform", uniform, Overrides::default()),
        ("connect4", connect4, Overrides::default()),
    ] {
        let trace = game_run(spec, over);
        let path = scratch(&format!("{name}-clean.json"));
        std::fs::write(&path, trace.to_json()).unwrap();
        Recorded::load(&path).expect("the trace prune wrote reads back");
        // The root's first two children's descriptions swapped in the catalog (their
        // numbers kept, so every event still agrees): each move now reaches the other's
        // position.
        let (start, _) = first_order(&trace);
        let (a, b) = (trace.children[start], trace.children[start + 1]);
        let info = |id: u32| trace.header.catalog.get(id).unwrap().clone();
        let mut swapped = trace.clone();
        let states: Vec<_> = (trace.header.catalog.iter().cloned())
            .map(|s| match s.id {
                id if id == a => prune::trace::StateInfo { id, ..info(b) },
                id if id == b => prune::trace::StateInfo { id, ..info(a) },
                _ => s,
            })
            .collect();
        swapped.header.catalog = prune::trace::Catalog::new(states);
        let msg = load_error(&swapped.to_json(), &format!("{name}-swapped.json"));
        let first_move = trace.moves[start];
        assert!(
            msg.contains(&format!("move {first_move}"))
                && msg.contains(&format!("of state {}", trace.header.start))
                && msg.contains(&format!(
                    "in the game, but the trace says state {a} (\"{}\")",
                    info(b).label.unwrap()
                )),
            "{name}: {msg}"
        );
        assert!(msg.contains("event "), "{name}: {msg}");
        // A scale the game does not count in.
        let mut scaled = trace.clone();
        scaled.header.scale = 2;
        let msg = load_error(&scaled.to_json(), &format!("{name}-scale.json"));
        assert!(msg.ends_with("the scale must be 1"), "{name}: {msg}");
    }
    // A tic-tac-toe board scored otherwise by the catalog than the game scores it.
    let trace = game_run(ttt.clone(), shallow);
    let (start, _) = first_order(&trace);
    let child = trace.children[start];
    let mut rescored = trace.clone();
    let states: Vec<_> = (rescored.header.catalog.iter().cloned())
        .map(|mut s| {
            if s.id == child {
                s.score = Some(s.score.unwrap_or(0) + 1);
            }
            s
        })
        .collect();
    rescored.header.catalog = prune::trace::Catalog::new(states);
    let msg = load_error(&rescored.to_json(), "ttt-rescored.json");
    assert!(
        msg.contains(&format!(
            "state {child} is the position \"X../.../...\" in the game"
        )) && msg.contains("the catalog scores it"),
        "{msg}"
    );
    // A Monte Carlo playout step that names another legal move than the one whose board
    // the trace reached (a move of that position the run made nowhere else, so the run's
    // moves still agree with each other).
    let mc = ttt_monte_carlo(60);
    let moves = monte_carlo_moves(&mc);
    let made: std::collections::HashSet<(u32, u16)> =
        moves.iter().map(|&(k, from)| (from, mc.moves[k])).collect();
    let in_playout = |k: usize| {
        mc.events.iter().any(|e| {
            matches!(e, Event::Mcts(prune::event::Mcts::Playout { start, len, .. })
                if (start as usize..start as usize + len as usize).contains(&k))
        })
    };
    let (k, from, other) = moves
        .iter()
        .filter(|&&(k, _)| in_playout(k))
        .find_map(|&(k, from)| {
            let count = mc.header.catalog.get(from).unwrap().moves.len() as u16;
            (0..count)
                .find(|&m| !made.contains(&(from, m)))
                .map(|m| (k, from, m))
        })
        .expect("a playout step from a position with a move the run never made");
    let mut moved = mc.clone();
    moved.moves[k] = other;
    let msg = load_error(&moved.to_json(), "mc-moved.json");
    assert!(
        msg.contains(&format!("move {} (", moved.moves[k]))
            && msg.contains(&format!("of state {from}"))
            && msg.contains("in the game, but the trace says state"),
        "{msg}"
    );
}
