//! The key figures of seed 002's lessons, worked out by hand below (each test's comment is the
//! computation), asserted against the recorded runs and against what the lesson files state.
//! Nothing here is pasted from the program's output.

use prune::index::{Recorded, record};
use prune::lesson::{Lesson, Overrides};
use prune::practice::windows;
use prune::search::AttemptOutcome;
use serde_json::{Value, json};

const INF: i32 = prune::search::INF;

fn run(stem: &str, preset: &str) -> (Lesson, Recorded) {
    let lesson = Lesson::open(stem).unwrap();
    let setup = lesson.setup(Some(preset), &Overrides::default()).unwrap();
    let rec = record(&lesson, &setup).unwrap();
    (lesson, rec)
}

/// The call of `name` (its `occurrence`-th, 1-based) in the run's last pass.
fn call(rec: &Recorded, name: &str, occurrence: u32) -> prune::index::TreeNode {
    let tree = rec.tree();
    let state = rec.catalog().find(name).unwrap();
    let i = tree.call_of(None, state, occurrence).unwrap();
    tree.get(i)
}

fn calls(rec: &Recorded) -> usize {
    rec.tree().pass_calls(None).count()
}

/// What the lesson file states for (run, what[, node, occurrence, pass]).
fn stated(
    lesson: &Lesson,
    run: &str,
    what: &str,
    node: Option<&str>,
    occurrence: Option<u32>,
) -> Value {
    let fact = lesson
        .spec
        .facts
        .iter()
        .find(|f| {
            f.run == run
                && serde_json::to_value(f.what).unwrap() == what
                && f.node.as_deref() == node
                && f.occurrence == occurrence
        })
        .unwrap_or_else(|| panic!("{}: no fact {run}/{what}/{node:?}", lesson.name));
    fact.equals.clone()
}

/// PVS on seed 004's tree R → A (4, 9, 6), B (2, 15, 13), C (5, 8, 10), left to right, every
/// value from the side to move (A, B, C are MIN nodes, so they hold negated leaves).
///
/// Alpha-beta: R, A, A1, A2, A3 (A = 4, α = 4), B, B1 (2 ≤ 4: B2, B3 cut), C, C1, C2, C3
/// (C = 5) = 11 calls, no re-search.
///
/// PVS: R; A full (-inf, inf): A1 → -4, A2 and A3 scouted with A's null window (-4, -3),
/// i.e. (3, 4) below, returning 9 and 6 → -9, -6, not better than -4. R's α = 4.
/// B scouted with (4, 5) → B gets (-5, -4); B1 (first move, B's window → (4, 5)) returns 2,
/// -2 ≥ -4 cuts. R reads 2: not better. C scouted the same way: C1 → -5 (not above α = -5),
/// C2, C3 scouted (-5, -4) → -8, -10. C returns -5; R reads 5 > 4 and 5 < inf: re-search C
/// with (-inf, -4): C1 → -5 (α = -5), C2, C3 scouted again. C = -5 exact, R = 5 via C.
/// Calls: R 1 + A 4 + B 2 + C 4 + C again 4 = 15. Null windows: A2, A3, B, C, C2, C3, and
/// C2, C3 in the re-search = 8. Re-searches: 1 (C).
///
/// C first (ordering by static score; MIN nodes smallest leaf first): R, C, C1, C2, C3
/// (C = 5), A scouted with (5, 6) → (-6, -5): A1 → -4 ≥ -5 cuts; B the same with B1. 9 calls
/// for both; PVS scouts C2, C3, A, B = 4 null windows, no re-search.
#[test]
fn pvs_on_the_abc_tree() {
    let stem = "002-pvs-abc";
    let (lesson, ab) = run(stem, "alpha-beta");
    assert_eq!(calls(&ab), 11);
    assert_eq!(windows::researches(&ab, None).len(), 0);
    assert_eq!(
        stated(&lesson, "alpha-beta", "calls", None, None),
        json!(11)
    );

    let (_, pvs) = run(stem, "pvs");
    assert_eq!(calls(&pvs), 15);
    assert_eq!(windows::scouts(&pvs, None).len(), 8);
    assert_eq!(windows::researched_names(&pvs, None), ["C"]);
    assert_eq!((pvs.result().score, pvs.result().mv), (5, 2));
    let a2 = call(&pvs, "A2", 1);
    assert_eq!((a2.alpha, a2.beta), (3, 4));
    let b = call(&pvs, "B", 1);
    assert!(b.scout);
    assert_eq!((b.alpha, b.beta), (-5, -4));
    let scout = call(&pvs, "C", 1);
    assert!(scout.scout && scout.researched);
    assert_eq!((scout.alpha, scout.beta), (-5, -4));
    assert_eq!(scout.returned().map(|r| r.0), Some(-5));
    let again = call(&pvs, "C", 2);
    assert!(again.research && !again.scout);
    assert_eq!((again.alpha, again.beta), (-INF, -4));
    assert_eq!(again.returned().map(|r| r.0), Some(-5));
    assert_eq!(stated(&lesson, "pvs", "calls", None, None), json!(15));
    assert_eq!(stated(&lesson, "pvs", "null-windows", None, None), json!(8));
    assert_eq!(
        stated(&lesson, "pvs", "researched", None, None),
        json!(["C"])
    );
    assert_eq!(
        stated(&lesson, "pvs", "window", Some("C"), Some(2)),
        json!(["-inf", -4])
    );

    let (_, ab_first) = run(stem, "alpha-beta, C first");
    let (_, pvs_first) = run(stem, "pvs, C first");
    assert_eq!(calls(&ab_first), 9);
    assert_eq!(calls(&pvs_first), 9);
    assert_eq!(windows::scouts(&pvs_first, None).len(), 4);
    assert!(windows::researches(&pvs_first, None).is_empty());
    let a = call(&pvs_first, "A", 1);
    assert_eq!((a.alpha, a.beta), (-6, -5));
}

/// The two-branch diagram in negamax form: root (-inf, inf); a gets (-inf, inf), a1 = 3 →
/// a holds -3, so a2 gets (-inf, 3) and its 8 → -8 changes nothing: a = -3, the root 3 with
/// α = 3. b gets (-β, -α) = (-inf, -3); b1 gets (3, inf), returns 2 → -2 ≥ -3 cuts: b = -2,
/// a lower bound from MIN's side (alpha-beta: 2, an upper bound from MAX's).
#[test]
fn the_two_branch_diagram_as_negamax() {
    let (lesson, rec) = run("002-negamax-two-branch", "negamax");
    assert_eq!((rec.result().score, rec.result().mv), (3, 0));
    let a2 = call(&rec, "a2", 1);
    assert_eq!((a2.alpha, a2.beta), (-INF, 3));
    let b = call(&rec, "b", 1);
    assert_eq!((b.alpha, b.beta), (-INF, -3));
    assert_eq!(b.returned().map(|r| r.0), Some(-2));
    assert_eq!(b.bound(), Some(prune::search::Flag::Lower));
    let b1 = call(&rec, "b1", 1);
    assert_eq!((b1.alpha, b1.beta), (3, INF));
    assert_eq!(
        stated(&lesson, "negamax", "window", Some("b"), None),
        json!(["-inf", -3])
    );
    assert_eq!(
        stated(&lesson, "negamax", "value", Some("b"), None),
        json!(-2)
    );
    let (_, ab) = run("002-negamax-two-branch", "alpha-beta");
    let b = call(&ab, "b", 1);
    assert_eq!(
        (b.alpha, b.beta, b.returned().map(|r| r.0)),
        (3, INF, Some(2))
    );
    assert_eq!(b.bound(), Some(prune::search::Flag::Upper));
}

/// Depth 1 reads the static scores a = 10, b = 4: 10 via a. Depth 2: a = min(-8, 12) = -8,
/// b = min(-6, 7) = -6, so -6 via b. With δ = 5 around 10: [5, 15] → -6 ≤ 5 fails low;
/// α -= 5 → [0, 15], δ = 10 → fails low; α -= 10 → [-10, 15], δ = 20 → -6 inside: exact.
/// Calls of pass 2: attempts one and two read R, a, a1 (cut), b, b1 (cut) = 5 each; the
/// third reads all 7: 17 against the full window's 7. δ = 20 starts at [-10, 30]: exact.
#[test]
fn aspiration_fails_low_twice() {
    let stem = "002-aspiration-fails-low";
    for preset in ["aspiration", "pvs"] {
        let (_, rec) = run(stem, preset);
        let tries = windows::attempts(&rec, Some(2)).unwrap();
        let got: Vec<_> = tries.iter().map(|t| (t.alpha, t.beta, t.outcome)).collect();
        assert_eq!(
            got,
            [
                (5, 15, Some(AttemptOutcome::FailLow)),
                (0, 15, Some(AttemptOutcome::FailLow)),
                (-10, 15, Some(AttemptOutcome::Exact)),
            ],
            "{preset}"
        );
        assert_eq!(rec.result().score, -6);
        assert_eq!(rec.result().history[0].score, 10);
    }
    let (lesson, rec) = run(stem, "aspiration");
    assert_eq!(rec.tree().pass_calls(Some(2)).count(), 17);
    assert_eq!(rec.result().counters.aspiration_misses, 2);
    let (_, full) = run(stem, "full window");
    assert_eq!(full.tree().pass_calls(Some(2)).count(), 7);
    let (_, wide) = run(stem, "wide start");
    let tries = windows::attempts(&wide, Some(2)).unwrap();
    assert_eq!(tries.len(), 1);
    assert_eq!((tries[0].alpha, tries[0].beta), (-10, 30));
    let fact = lesson
        .spec
        .facts
        .iter()
        .find(|f| {
            f.run == "aspiration" && f.pass == Some(2) && f.node.is_none() && f.equals.is_array()
        })
        .unwrap();
    assert_eq!(
        fact.equals,
        json!([[5, 15, "fail low"], [0, 15, "fail low"], [-10, 15, "exact"]])
    );
}

/// The wrong window (-α, -β): at the root (-inf, inf) becomes (inf, -inf) for a, closed, so a
/// stops after a1 = 6 (-6 from MIN's side); the root holds 6, b gets (-6, -inf), closed too,
/// and stops after b1 = 4. Wrong result 6 via a; the right negamax: a = min(6, 2) = 2,
/// b = min(4, 5) = 4, so 4 via b.
#[test]
fn the_wrong_window_gives_the_wrong_value() {
    let (_, right) = run("002-pitfalls", "negamax");
    assert_eq!((right.result().score, right.result().mv), (4, 1));
    let (_, wrong) = run("002-pitfalls", "wrong window");
    assert_eq!((wrong.result().score, wrong.result().mv), (6, 0));
    let a = call(&wrong, "a", 1);
    assert_eq!((a.alpha, a.beta), (INF, -INF));
    assert_eq!(a.returned().map(|r| r.0), Some(-6));
}

/// X at 0 and 4, O at 1 and 8, X to move. X on 3 threatens 5 (row 3-4-5) and 6 (column
/// 0-3-6); O blocks one, X completes the other on ply 3: 31000 - 3 = 30997, in the band
/// (> 31000 - 128 = 30872), mate in (3 + 1) / 2 = 2 moves of X. After X's 3, O to move at
/// ply 1 scores -30997 in negamax: mated after (3 - 1) / 2 = 1 move of its own.
#[test]
fn mate_scores_on_tic_tac_toe() {
    let (lesson, rec) = run("002-mate-scores", "to the end");
    assert_eq!(rec.result().score, 31_000 - 3);
    assert_eq!(
        lesson
            .model
            .move_name(rec.trace.header.start, rec.result().mv),
        Some("3".to_string())
    );
    assert_eq!(
        prune::value::mate_report(rec.result().score, 0).as_deref(),
        Some("mate in 2")
    );
    assert_eq!(prune::value::mate_report(31_000 - 128, 0), None);
    assert_eq!(prune::value::mate_report(0, 0), None);
    let (_, nega) = run("002-mate-scores", "negamax");
    let o = call(&nega, "XO./XX./..O", 1);
    assert_eq!(o.returned().map(|r| r.0), Some(-(31_000 - 3)));
    assert_eq!(
        prune::value::mate_report(-(31_000 - 3), o.ply).as_deref(),
        Some("mated in 1")
    );
    let (_, short) = run("002-mate-scores", "horizon 2");
    assert!(
        short.result().score.abs() <= 8,
        "a static score, open lines in -8..=8"
    );
}
