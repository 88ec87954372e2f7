//! The README's screenshot is the tutor's real screen: this test renders the worked tree of
//! seed 000 at its first cutoff (what `prune open 000-worked-tree` then `x` shows) at 80×24 and
//! fails when the README's block, or `assets/screenshot.txt`, differs from it.
//! `UPDATE_README=1 cargo test --test all readme::` writes both anew.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use prune::game::Game;
use prune::lesson::{Lesson, Overrides};
use prune::tui::app::App;
use prune::tui::theme::Theme;
use prune::tui::view;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// The line just before the screenshot's code block in the README.
const MARKER: &str = "<!-- screenshot: tests/readme.rs renders it; UPDATE_README=1 cargo test --test all readme:: rewrites it -->";

fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The screen as a reader sees it: no colour, no trailing spaces.
fn shot() -> (String, App) {
    let l = Lesson::open("000-worked-tree").unwrap();
    let setup = l.setup(None, &Overrides::default()).unwrap();
    let mut app = App::new(vec![l.clone()], l, setup).unwrap();
    app.theme = Theme { color: false };
    app.on_key(KeyEvent::new(KeyCode::Char('x'), KeyModifiers::NONE));
    let (w, h) = (80, 24);
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| view::draw(f, &mut app)).unwrap();
    let buf = t.backend().buffer();
    let text = (0..h)
        .map(|y| {
            let row: String = (0..w).map(|x| buf[(x, y)].symbol()).collect();
            row.trim_end().to_string()
        })
        .collect::<Vec<_>>()
        .join("\n");
    (text, app)
}

/// The README with its screenshot block (the lines between the fences after the marker)
/// split out: (before, block, after).
fn split(readme: &str) -> (String, String, String) {
    let at = readme
        .find(MARKER)
        .expect("the README has the screenshot marker");
    let open = readme[at..]
        .find("```text\n")
        .expect("a text block follows")
        + at
        + 8;
    // The closing fence is the first line that is only ``` (the block may be empty).
    let mut close = open;
    while !readme[close..].starts_with("```\n") {
        close += readme[close..].find('\n').expect("the block ends") + 1;
    }
    let close = close.saturating_sub(1).max(open);
    (
        readme[..open].to_string(),
        readme[open..close].to_string(),
        readme[close..].to_string(),
    )
}

#[test]
fn the_readme_screenshot_is_the_screen() {
    let (text, app) = shot();
    // Seed 000's worked tree, by its own numbers: MIN node 1 holds MAX to the smaller of its
    // two leaves, which becomes the root's α; MIN node 2's first leaf is already no better,
    // and that is the first cutoff.
    let g = &app.lesson.graph;
    let leaf = |s: u32, i: usize| g.score(g.child(s, i)).unwrap();
    let v1 = leaf(1, 0).min(leaf(1, 1));
    let top = *app.st.top().expect("a frame is open at the cutoff");
    assert_eq!((top.state, top.alpha, top.beta), (2, v1, leaf(2, 0)));
    assert!(
        text.contains(&format!("={v1}")),
        "node 1's exact value {v1} is on the screen:\n{text}"
    );
    assert!(text.contains(&format!("step {}/", app.st.step)), "{text}");

    let path = root().join("README.md");
    let readme = std::fs::read_to_string(&path).unwrap();
    let (before, block, after) = split(&readme);
    let asset = root().join("assets/screenshot.txt");
    if std::env::var_os("UPDATE_README").is_some() {
        // An empty block's closing fence follows the opening one at once.
        let sep = if after.starts_with('\n') { "" } else { "\n" };
        std::fs::write(&path, format!("{before}{text}{sep}{after}")).unwrap();
        std::fs::write(&asset, format!("{text}\n")).unwrap();
        return;
    }
    assert_eq!(
        block, text,
        "the README's screenshot is stale: run UPDATE_README=1 cargo test --test all readme::"
    );
    assert_eq!(
        std::fs::read_to_string(&asset).unwrap(),
        format!("{text}\n"),
        "assets/screenshot.txt is stale: run UPDATE_README=1 cargo test --test all readme::"
    );
}

/// The README's example commands (in its `sh` blocks) whose comment states a result: each
/// command line split into words as a shell would (double quotes kept together), and the
/// comment. Lines with a pipe, a redirection or `&&` need a shell and are left out.
fn stated_examples(readme: &str) -> Vec<(String, Vec<String>, String)> {
    let mut out = Vec::new();
    let mut in_sh = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_sh = line == "```sh";
            continue;
        }
        if !in_sh || !line.starts_with("prune ") {
            continue;
        }
        let Some((command, comment)) = line.split_once(" # ") else {
            continue;
        };
        if command.contains(['|', '>', '<']) || command.contains("&&") {
            continue;
        }
        out.push((line.to_string(), words(command), comment.trim().to_string()));
    }
    out
}

/// Shell words: spaces split, double quotes group.
fn words(command: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let (mut quoted, mut any) = (false, false);
    for c in command.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    out.push(std::mem::take(&mut word));
                }
                any = false;
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(word);
    }
    out
}

/// The figures a comment states in the form the output prints them: `key=value` words
/// (`score=4`, `vector=(5, 4, 5)`), JSON pairs (`"score": 10`, printed as `"score":10`) and
/// `key = VALUE` (`checks = PASS`). A value left open (`leaf=…`) states nothing.
fn claims(comment: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = comment.as_bytes();
    let key_start = |i: usize| {
        let mut k = i;
        while k > 0 && (b[k - 1].is_ascii_lowercase() || b[k - 1] == b'_') {
            k -= 1;
        }
        k
    };
    let mut i = 0;
    while i < b.len() {
        if !comment.is_char_boundary(i) {
            i += 1;
            continue;
        }
        if b[i] == b'=' && i > 0 && b[i - 1] != b' ' {
            let k = key_start(i);
            let rest = &comment[i + 1..];
            let value = if rest.starts_with('(') {
                rest.find(')').map(|e| &rest[..=e])
            } else {
                let end = rest
                    .find(|c: char| c.is_whitespace() || ",:;)".contains(c))
                    .unwrap_or(rest.len());
                Some(&rest[..end])
            };
            if let Some(v) = value.filter(|v| !v.is_empty() && !v.contains('…') && k < i) {
                out.push(format!("{}={v}", &comment[k..i]));
            }
        } else if comment[i..].starts_with(" = ") {
            let k = key_start(i);
            let value: String = comment[i + 3..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            if k < i && !value.is_empty() {
                out.push(format!("{} = {value}", &comment[k..i]));
            }
        } else if b[i] == b'"'
            && let Some(end) = comment[i + 1..].find("\": ")
        {
            let key = &comment[i + 1..i + 1 + end];
            let rest = &comment[i + end + 4..];
            let value: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '.')
                .collect();
            if key.chars().all(|c| c.is_ascii_lowercase() || c == '_') && !value.is_empty() {
                out.push(format!("\"{key}\":{value}"));
                i += end + 4;
                continue;
            }
        }
        i += 1;
    }
    out
}

/// The value of a graph lesson's tree by plain minimax over its whole graph (MAX maximises,
/// MIN minimises, a node without moves is worth its score), read from the lesson file alone.
fn minimax_of(lesson: &str) -> i64 {
    let text =
        std::fs::read_to_string(root().join("lessons").join(format!("{lesson}.json"))).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let nodes = v["graph"]["nodes"].as_array().unwrap().clone();
    fn value(nodes: &[serde_json::Value], s: usize) -> i64 {
        let n = &nodes[s];
        let moves: Vec<usize> = n["moves"]
            .as_array()
            .map(|m| {
                m.iter()
                    .map(|m| m["child"].as_u64().unwrap() as usize)
                    .collect()
            })
            .unwrap_or_default();
        if moves.is_empty() {
            return n["score"].as_i64().unwrap();
        }
        let values = moves.iter().map(|&c| value(nodes, c));
        if n["player"] == "MAX" {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        }
    }
    value(&nodes, 0)
}

fn run(args: &[String]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_prune"))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "prune {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Every README example whose comment states a figure prints it: the comment is a claim about
/// the command's output, and is checked against it.
#[test]
fn readme_examples_print_what_their_comments_state() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let mut checked = 0;
    for (line, args, comment) in stated_examples(&readme) {
        let stated = claims(&comment);
        if stated.is_empty() {
            continue;
        }
        let out = run(&args[1..]);
        for claim in &stated {
            assert!(
                out.contains(claim.as_str()),
                "README: `{line}` states {claim}, but the command prints:\n{out}"
            );
            checked += 1;
        }
    }
    // The README states at least the figures of seed 002's pitfalls, seed 004's chance and
    // several-player runs and seed 000's fixtures.
    assert!(checked >= 12, "only {checked} stated figures found");
}

/// "L is 3.5, R is 4": the values a comment states for the root's children (a capitalised
/// node name, then a number or fraction).
fn node_claims(comment: &str) -> Vec<(String, String)> {
    let words: Vec<&str> = comment
        .split([' ', ',', ';', ':'])
        .filter(|w| !w.is_empty())
        .collect();
    words
        .windows(3)
        .filter(|w| {
            w[1] == "is"
                && w[0].starts_with(|c: char| c.is_ascii_uppercase())
                && w[0].chars().all(|c| c.is_ascii_alphanumeric())
                && w[2]
                    .chars()
                    .all(|c| c.is_ascii_digit() || "./-".contains(c))
        })
        .map(|w| (w[0].to_string(), w[2].to_string()))
        .collect()
}

/// What the call trace (`prune trace`, same run options) shows a node one move below the root
/// returning in the last pass: its table's value column, read below the header's "value".
fn traced_value(args: &[String], name: &str) -> Option<String> {
    let mut trace: Vec<String> = args.iter().filter(|a| *a != "--json").cloned().collect();
    trace[1] = "trace".into();
    let out = run(&trace[1..]);
    let mut lines = out.lines();
    let header: Vec<char> = lines.next()?.chars().collect();
    let end = (0..header.len()).find(|&i| header[i..].starts_with(&['v', 'a', 'l', 'u', 'e']))? + 5;
    lines
        .rfind(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            w.len() > 4 && w[2] == "1" && w[4] == name
        })
        .map(|l| {
            let cell: String = l.chars().take(end).collect();
            cell.split_whitespace().last().unwrap_or("").to_string()
        })
}

/// The node values README comments state ("L is 3.5, R is 4") are what the run's trace shows.
#[test]
fn readme_examples_state_node_values_the_trace_shows() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let mut checked = 0;
    for (line, args, comment) in stated_examples(&readme) {
        if args.get(1).map(String::as_str) != Some("run") {
            continue;
        }
        for (name, value) in node_claims(&comment) {
            assert_eq!(
                traced_value(&args, &name).as_deref(),
                Some(value.as_str()),
                "README: `{line}` states {name} is {value}"
            );
            checked += 1;
        }
    }
    // The coin (L 3.5, R 4), the coin as MIN (L 3, R 1) and expectimax's A (19/3).
    assert!(checked >= 5, "only {checked} node values found");
}

/// An example said to give a wrong result states the score it prints, and that score is not
/// the tree's value (plain minimax over the lesson's graph, computed here).
#[test]
fn the_readme_pitfall_example_is_wrong_on_purpose() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let wrong: Vec<_> = stated_examples(&readme)
        .into_iter()
        .filter(|(_, _, comment)| comment.contains("wrong result"))
        .collect();
    assert!(!wrong.is_empty(), "the README shows a pitfall run");
    for (line, args, comment) in wrong {
        assert_eq!(args[1], "run", "{line}");
        let out = run(&args[1..]);
        let score: i64 = out
            .split([',', ' ', '\n'])
            .find_map(|w| w.strip_prefix("score="))
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("{line}: no score in\n{out}"));
        let truth = minimax_of(&args[2]);
        assert_ne!(
            score, truth,
            "README: `{line}` is said to give a wrong result, but {score} is the tree's value"
        );
        assert!(
            claims(&comment).contains(&format!("score={score}")),
            "README: `{line}` should state the wrong score it prints ({score}; the tree is worth {truth})"
        );
    }
    // Seed 002's pitfall tree: MIN holds a to 2 and b to 4, so the root is worth 4.
    assert_eq!(minimax_of("002-pitfalls"), 4);
}

/// The textbook tree of the import example (three MIN nodes over 3 12 8, 2 4 6 and 14 5 2):
/// alpha-beta reads the first MIN node's three leaves, the second's first leaf (2 ≤ 3 cuts),
/// and the third's three (14, 5, then 2 ≤ 3 cuts at the last), so 1 + 4 + 2 + 4 = 11 calls,
/// and the root is worth min(3, 12, 8) = 3. The README says both.
#[test]
fn the_readme_import_example_counts_its_calls() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let line = readme
        .lines()
        .find(|l| l.starts_with("prune trace three.json"))
        .expect("the import example");
    assert!(
        line.contains("# 11 calls") && line.contains("worth 3"),
        "{line}"
    );
    let dir = std::env::temp_dir().join(format!("prune-readme-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tree = dir.join("three.txt");
    std::fs::write(&tree, "(((3)(12)(8))((2)(4)(6))((14)(5)(2)))").unwrap();
    let file = dir.join("three.json");
    run(&[
        "import".into(),
        tree.display().to_string(),
        "--out".into(),
        file.display().to_string(),
    ]);
    let out = run(&["trace".into(), file.display().to_string()]);
    let rows = out
        .lines()
        .skip(1)
        .take_while(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .count();
    assert_eq!(rows, 11, "{out}");
    assert!(out.contains("score=3"), "{out}");
    std::fs::remove_dir_all(dir).ok();
}

/// Issue 35 (low): a signal while the terminal is stalled leaves the alternate screen,
/// mouse reporting and the hidden cursor behind; the README says what to type then.
#[test]
fn the_readme_says_what_to_do_after_a_stalled_terminal() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let at = readme
        .find("has stopped reading")
        .expect("the README explains a stalled terminal");
    let passage = &readme[at..at + 600];
    assert!(passage.contains("`reset`"), "{passage}");
    assert!(passage.contains("Ctrl-Q"), "{passage}");
}

/// Issue 34, item 16: run top to bottom, the README's `sh` blocks make every file of the
/// working directory they read (`ordered.json`, `answers/*.json` and `my.jsonl` were read
/// and never made): a file named as an argument is written by an earlier line (`> F`,
/// `--out F`, `cp … F`, or into a directory an earlier `mkdir` made), or is in the repository.
#[test]
fn the_readme_examples_make_every_file_they_read() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let mut made: Vec<String> = Vec::new();
    let mut missing = Vec::new();
    let mut in_sh = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_sh = line == "```sh";
            continue;
        }
        if !in_sh {
            continue;
        }
        let command = line.split(" # ").next().unwrap_or("").trim();
        let toks: Vec<&str> = command.split_whitespace().collect();
        let mut outs: Vec<String> = Vec::new();
        for (k, t) in toks.iter().enumerate() {
            if (*t == ">" || *t == "--out") && k + 1 < toks.len() {
                outs.push(toks[k + 1].to_string());
            }
        }
        for part in command.split("&&") {
            let p: Vec<&str> = part.split_whitespace().collect();
            match p.first() {
                Some(&"cp") | Some(&"mv") => outs.push(p.last().unwrap().to_string()),
                Some(&"mkdir") => outs.extend(p[1..].iter().map(|d| format!("{d}/"))),
                _ => {}
            }
        }
        for t in &toks {
            let file = [".json", ".jsonl", ".tsv", ".csv"]
                .iter()
                .any(|e| t.ends_with(e));
            let plain = t
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "._-/*".contains(c));
            if !file || !plain || outs.iter().any(|o| o == t) || root().join(t).exists() {
                continue;
            }
            let made_here = made.iter().any(|m| {
                m == t
                    || (m.ends_with('/') && t.starts_with(m.as_str()) && t.contains('*'))
                    || (t.ends_with('/') && m.starts_with(*t))
            });
            if !made_here {
                missing.push(format!("{t}: {line}"));
            }
        }
        made.extend(outs);
    }
    assert!(
        missing.is_empty(),
        "read before any line makes them:\n{}",
        missing.join("\n")
    );
}
