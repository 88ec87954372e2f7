//! A recorded chance run survives being saved: the trace keeps its scale and its `average` and
//! `interval` events, and a saved trace replays to the same table as the live run.

mod common;

const CUT: &str = r#"{"utility_range": [0, 10], "nodes": [
  {"player": "MAX", "label": "root", "moves": [{"child": 1}, {"child": 2}]},
  {"player": "MIN", "label": "A", "score": 7},
  {"player": "CHANCE", "label": "B", "moves": [{"child": 3, "p": "1/3"}, {"child": 4, "p": "2/3"}]},
  {"player": "MIN", "label": "b1", "score": 1},
  {"player": "MIN", "label": "b2", "score": 9}]}"#;

#[test]
fn a_saved_chance_trace_reads_back_as_it_was_recorded() {
    let dir = std::env::temp_dir().join(format!("prune-chance-trace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let graph = dir.join("cut.json");
    std::fs::write(&graph, CUT).unwrap();
    let g = graph.to_str().unwrap();
    let run = ["--depth", "2", "--id", "off", "--chance-pruning", "on"];
    fn with<'a>(first: &[&'a str], run: &[&'a str]) -> Vec<&'a str> {
        let mut v = first.to_vec();
        v.extend_from_slice(run);
        v
    }
    let (code, json, err) = common::run_prune(&with(&["trace", g, "--format", "json"], &run));
    assert_eq!(code, Some(0), "{err}");
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    // Probabilities thirds: values count units of 1/3 (a third of 1 is 1/3, of 9 is 3·2).
    assert_eq!(doc["header"]["scale"], 3);
    let kinds: Vec<&str> = doc["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect();
    assert!(
        kinds.contains(&"average") && kinds.contains(&"interval"),
        "{kinds:?}"
    );
    // After b1 (1 with probability 1/3): B lies in [1/3 + 0, 1/3 + 2/3·10] = [1/3, 7], and
    // 7 does not beat α = 7, so B cuts (seed 000's α ≥ β): the interval in units of 1/3.
    let interval = doc["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["event"] == "interval")
        .unwrap();
    assert_eq!(
        (interval["lo"].as_i64(), interval["hi"].as_i64()),
        (Some(1), Some(21))
    );
    let saved = dir.join("cut-trace.json");
    std::fs::write(&saved, &json).unwrap();
    let (code, live, err) = common::run_prune(&with(&["trace", g], &run));
    assert_eq!(code, Some(0), "{err}");
    let (code, replayed, err) = common::run_prune(&["trace", saved.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(live, replayed);
    assert!(
        live.contains("chance_cutoffs=1") || live.contains("cutoffs=1"),
        "{live}"
    );
}
