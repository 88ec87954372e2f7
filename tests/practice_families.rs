//! Practice asks the search family, not the algorithm, what a run is (issue 20): a question
//! that needs scouts, or windows from the side to move, is refused on a run whose family does
//! not have them, naming the run's algorithm; and the practice module keeps its layout (no
//! function over 100 lines, `practice.rs` only declares and re-exports, no units guard).

use prune::practice::{self, Kind, Problem};
use prune::search::Algorithm;

/// Generated problem 1 of seed 5 of `kind`, its main run switched to `algorithm`.
fn on(kind: Kind, algorithm: Algorithm) -> prune::error::Result<Problem> {
    let mut item = practice::generate(5, 0, kind)
        .expect("a generated problem")
        .item;
    item.runs[0].algorithm = Some(algorithm);
    Problem::new(item)
}

fn refusal(kind: Kind, algorithm: Algorithm) -> String {
    match on(kind, algorithm) {
        Ok(_) => panic!("{kind:?} on {algorithm:?} was accepted"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_researched_problem_needs_scouts_which_plain_negamax_does_not_have() {
    // Negamax and PVS are one family; only PVS scouts.
    assert!(on(Kind::Researched, Algorithm::Pvs).is_ok());
    let negamax = refusal(Kind::Researched, Algorithm::Negamax);
    assert!(
        negamax.contains("a researched problem needs a PVS run, and this one is negamax"),
        "{negamax}"
    );
    let alphabeta = refusal(Kind::Researched, Algorithm::AlphaBeta);
    assert!(
        alphabeta.contains("needs a PVS run, and this one is alpha-beta"),
        "{alphabeta}"
    );
}

#[test]
fn window_kinds_follow_the_family_convention() {
    let max_side = refusal(Kind::NegamaxWindow, Algorithm::AlphaBeta);
    assert!(
        max_side.contains(
            "a negamax-window problem needs a negamax or PVS run, and this one is alpha-beta"
        ),
        "{max_side}"
    );
    let side_to_move = refusal(Kind::Window, Algorithm::Negamax);
    assert!(
        side_to_move.contains("a window problem on a negamax run is a negamax-window problem"),
        "{side_to_move}"
    );
}

/// Every `fn` in `text` with its length in lines, from its `fn` line to its closing brace
/// (rustfmt puts that brace at the `fn` line's indentation).
fn function_lengths(text: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let body = line.trim_start();
        let indent = &line[..line.len() - body.len()];
        let after_vis = body
            .strip_prefix("pub(crate) ")
            .or_else(|| body.strip_prefix("pub(super) "))
            .or_else(|| body.strip_prefix("pub "))
            .unwrap_or(body);
        let Some(rest) = after_vis.strip_prefix("fn ") else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let Some(open) = (i..lines.len()).find(|&j| {
            let l = lines[j].trim_end();
            l.ends_with('{') || l.ends_with(';')
        }) else {
            continue;
        };
        if lines[open].trim_end().ends_with(';') {
            continue;
        }
        let close = format!("{indent}}}");
        if let Some(end) = (open + 1..lines.len()).find(|&k| lines[k] == close) {
            out.push((name, end - i + 1));
        }
    }
    out
}

fn practice_files() -> Vec<(String, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![root.join("practice.rs")];
    let mut children: Vec<_> = std::fs::read_dir(root.join("practice"))
        .expect("src/practice")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    children.sort();
    files.extend(children);
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("a source file");
            (p.display().to_string(), text)
        })
        .collect()
}

#[test]
fn no_practice_function_is_over_100_lines() {
    let mut long = Vec::new();
    let mut counted = 0;
    for (path, text) in practice_files() {
        for (name, len) in function_lengths(&text) {
            counted += 1;
            if len > 100 {
                long.push(format!("{path}: {name} is {len} lines"));
            }
        }
    }
    // The reader must see the functions at all, or the check would pass on nothing.
    assert!(counted > 200, "only {counted} functions found");
    assert!(long.is_empty(), "{}", long.join("\n"));
}

#[test]
fn function_lengths_are_counted_to_the_closing_brace() {
    let text = "fn a() {\n    1;\n}\n\n    pub(super) fn b(\n        x: u8,\n    ) -> u8 {\n        x\n    }\nfn c();\n";
    assert_eq!(
        function_lengths(text),
        vec![("a".to_string(), 3), ("b".to_string(), 5)]
    );
}

#[test]
fn practice_rs_only_declares_and_re_exports() {
    let (_, text) = &practice_files()[0];
    let code: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let items: Vec<&str> = code.split(';').map(str::trim).collect();
    assert!(items.len() > 20, "only {} items read", items.len());
    for item in items {
        let allowed = item.is_empty()
            || item.starts_with("pub mod ")
            || item.starts_with("mod ")
            || item.starts_with("pub use ");
        assert!(allowed, "practice.rs holds more than modules: {item}");
    }
}

#[test]
fn no_units_guard_or_free_score_function_in_practice() {
    let free = [
        "fmt_score(",
        "value::sc(",
        "score_json(",
        "value::exact(",
        "result_text(",
        "result_json(",
        "score_exact(",
        ".scope()",
        "in_scope(",
        "Units::current",
    ];
    for (path, text) in practice_files() {
        for (n, line) in text.lines().enumerate() {
            for f in free {
                // A method on a `Units` value is how values are written.
                let as_method =
                    line.contains(&format!("units.{f}")) || line.contains(&format!("units().{f}"));
                assert!(
                    !line.contains(f) || as_method,
                    "{path}:{}: {f} outside a Units value: {line}",
                    n + 1
                );
            }
        }
    }
}
