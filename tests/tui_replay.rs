//! The replay reproduces exactly what the core reported: replaying to the end gives the run's
//! counters and pass history, and seeking to any step equals applying the events one by one.

use prune::lesson::{Lesson, Overrides};
use prune::replay::{Replay, ReplayState, samples};

fn replay_of(lesson: &Lesson, preset: Option<&str>) -> Replay {
    let setup = lesson.setup(preset, &Overrides::default()).unwrap();
    let recorded = prune::index::record(lesson, &setup).unwrap();
    Replay::new(recorded)
}

/// Walks every step in order and checks `seek` against the sequential state.
fn check(replay: &Replay) {
    let mut state = ReplayState::default();
    let mut last_call = 0;
    for step in 0..=replay.len() {
        assert_eq!(replay.seek(step), state, "seek({step})");
        assert!(state.stats.nodes >= last_call);
        last_call = state.stats.nodes;
        replay.apply(&mut state);
    }
    let end = replay.seek(replay.len());
    assert_eq!(end.stats, replay.result().stats, "counters at the end");
    assert_eq!(
        end.passes,
        replay.result().history,
        "pass history at the end"
    );
    assert!(end.frames.is_empty(), "the path is empty at the end");
    match end.committed {
        Some((d, s, m)) => assert_eq!(
            (d, s, m),
            (
                replay.result().depth,
                replay.result().score,
                replay.result().mv
            )
        ),
        None => assert_eq!(replay.result().depth, 0),
    }
}

#[test]
fn builtin_lessons_replay_to_the_core_result() {
    for lesson in Lesson::builtins().unwrap() {
        for preset in &lesson.spec.runs {
            let replay = replay_of(&lesson, Some(&preset.name));
            // The replay state of a Monte Carlo run (its tree and counts) is issue 22's tutor
            // work; the index's fold checks every iteration of it already.
            if replay.result().mcts.is_some() {
                continue;
            }
            check(&replay);
        }
    }
}

#[test]
fn worked_tree_counters_match_seed_000() {
    // Seed 000's worked example: 12 calls, 7 evals, 2 cutoffs, no hits, 7 q-nodes, peak 2.
    let lesson = Lesson::open("000-worked-tree").unwrap();
    let replay = replay_of(&lesson, Some("worked"));
    let end = replay.seek(replay.len());
    assert_eq!(end.stats.as_array(), [12, 7, 2, 0, 7, 2]);
    // The MIN 2 cutoff: the frame of node 2 has window (3, 2) and skips one candidate.
    let cut = replay.marks().cutoffs[0] as usize + 1;
    let st = replay.seek(cut);
    let top = st.top().unwrap();
    assert_eq!(
        (top.state, top.alpha, top.beta, top.cutoff),
        (2, 3, 2, Some(0))
    );
    let skipped: Vec<u32> = replay
        .tree()
        .children(top.node)
        .filter(|&c| replay.tree().get(c).kind == prune::replay::NodeKind::Skipped)
        .map(|c| replay.tree().get(c).state)
        .collect();
    assert_eq!(skipped, vec![7]);
}

#[test]
fn seek_matches_sequential_on_generated_graphs() {
    for seed in 0..40u64 {
        let nodes = 6 + (seed as usize % 20);
        let lesson = samples::graph_lesson(
            seed,
            nodes,
            2 + seed as usize % 4,
            4096,
            2,
            &format!(
                r#"{{"name": "g", "depth": {}, "qlimit": {}, "ordering": {}, "table": {}, "budget": {}}}"#,
                1 + seed % 5,
                seed % 3,
                seed % 2 == 0,
                seed % 3 != 0,
                if seed % 4 == 0 { 15 + seed } else { 1_000_000 }
            ),
        );
        check(&replay_of(&lesson, Some("g")));
    }
}

#[test]
fn table_log_matches_store_events() {
    let lesson = Lesson::open("000-transposition").unwrap();
    let replay = replay_of(&lesson, Some("transposition"));
    let hit = replay.marks().hits[0] as usize;
    // Every hit was answered by an entry that the log shows in the table at that step.
    let st = replay.seek(hit);
    let probe = st.last_probe.unwrap();
    assert!(probe.usable);
    assert_eq!(replay.table().get(probe.key, hit), probe.found);
}

#[test]
fn every_event_of_every_builtin_run_has_a_sentence() {
    use prune::replay::narrate::narrate;
    for lesson in Lesson::builtins().unwrap() {
        for preset in &lesson.spec.runs {
            let replay = replay_of(&lesson, Some(&preset.name));
            let mut st = ReplayState::default();
            let namer = |_: u32| None;
            for _ in 0..replay.len() {
                replay.apply(&mut st);
                let s = narrate(&replay, &st, &namer);
                assert!(
                    s.len() > 20 && s.ends_with('.'),
                    "{}: step {}: {s}",
                    lesson.name,
                    st.step
                );
            }
        }
    }
}

#[test]
fn the_min_2_cutoff_is_explained_with_its_numbers() {
    use prune::replay::narrate::{narrate, probe_verdict};
    let lesson = Lesson::open("000-worked-tree").unwrap();
    let replay = replay_of(&lesson, Some("worked"));
    let st = replay.seek(replay.marks().cutoffs[0] as usize + 1);
    let s = narrate(&replay, &st, &|_| None);
    for part in ["MIN node 2", "reply 6", "2 ≤ α = 3", "node 7", "UPPER"] {
        assert!(s.contains(part), "'{part}' missing from: {s}");
    }
    // The table panel's verdict at the first transposition hit.
    let lesson = Lesson::open("000-transposition").unwrap();
    let replay = replay_of(&lesson, Some("transposition"));
    let hit = replay.seek(replay.marks().hits[0] as usize + 1);
    let v = probe_verdict(&replay, &hit).unwrap();
    assert!(v.contains("EXACT") && v.ends_with("hit"), "{v}");
}

#[test]
fn an_unusable_entry_is_explained() {
    use prune::event::Bound;
    use prune::replay::narrate::probe_verdict;
    use prune::trace::Event;
    // Generated graphs with ordering and deepening re-probe bounds that do not settle a call.
    let mut seen = 0;
    for seed in 0..30u64 {
        let lesson = samples::graph_lesson(
            seed,
            16,
            3,
            4096,
            0,
            r#"{"name": "g", "depth": 4, "ordering": true}"#,
        );
        let replay = replay_of(&lesson, Some("g"));
        for (i, e) in replay.events().iter().enumerate() {
            if let Event::Bound(Bound::Probe {
                found: Some(entry),
                usable: false,
                ..
            }) = e
            {
                let st = replay.seek(i + 1);
                let v = probe_verdict(&replay, &st).unwrap();
                assert!(
                    v.contains(entry.flag.name()) && v.ends_with("not usable, search again"),
                    "{v}"
                );
                seen += 1;
            }
        }
    }
    assert!(seen > 0, "no unusable probe in the generated graphs");
}
