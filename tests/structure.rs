//! The shape of the code, measured from its source text: how long its functions are, and how
//! often code outside the search core branches on the algorithm instead of asking its family
//! (`search::Family`). The ceilings are today's figures and may only come down; run
//! `cargo test --test all structure:: -- --nocapture` to see each figure and the worst offenders.
//!
//! A function's length is the span of lines from its `fn` line to its closing brace, tests
//! and nested functions included (a nested function also counts inside its parent).

#[path = "common/rust_source.rs"]
mod rust_source;

use rust_source::{Token, code_tokens, source_files};

/// No function is longer than this many lines (issue #20 took the longest from 703 to 99).
const MAX_FN_LINES: usize = 100;
/// At most this many functions are longer than 100 lines (31 before issue #20), should
/// `MAX_FN_LINES` ever be above 100.
const MAX_OVER_100: usize = 5;
/// At most this many branches on the algorithm outside `src/search.rs` and `src/search/`
/// (43 before issue #20). The two left are the tutor's algorithm key walking the cycle of
/// algorithms until it is back at the current one, which compares algorithms as values.
const MAX_ALGORITHM_BRANCHES: usize = 2;

/// A function with a body: its name, the line of its `fn` and of its closing brace.
#[derive(Debug, PartialEq, Eq)]
struct Function {
    name: String,
    first: usize,
    last: usize,
}

impl Function {
    fn lines(&self) -> usize {
        self.last - self.first + 1
    }
}

/// The index of the token that closes the bracket opened at `t[open]`.
fn closing(t: &[Token], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, tok) in t.iter().enumerate().skip(open) {
        match tok.text.as_str() {
            "{" | "(" | "[" => depth += 1,
            "}" | ")" | "]" => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Every function in `code` that has a body (`fn name … { … }`; declarations without a body
/// and `fn(…)` pointer types are not functions here).
fn functions(code: &str) -> Vec<Function> {
    let t = code_tokens(code);
    let mut out = Vec::new();
    for i in 0..t.len().saturating_sub(1) {
        if !t[i].is("fn") || !t[i + 1].is_ident() {
            continue;
        }
        // The body is the first `{` outside the signature's parentheses and brackets.
        let mut depth = 0i32;
        let mut body = None;
        for (j, tok) in t.iter().enumerate().skip(i + 2) {
            match tok.text.as_str() {
                "(" | "[" => depth += 1,
                ")" | "]" => depth -= 1,
                ";" if depth == 0 => break,
                "{" if depth == 0 => {
                    body = Some(j);
                    break;
                }
                _ => {}
            }
        }
        let Some(close) = body.and_then(|open| closing(&t, open)) else {
            continue;
        };
        out.push(Function {
            name: t[i + 1].text.clone(),
            first: t[i].line,
            last: t[close].line,
        });
    }
    out
}

/// The calls that ask an algorithm what a family knows.
const FAMILY_QUESTIONS: [&str; 3] = ["side_to_move", "vectors", "prunes"];

/// Whether the path or call chain ending at `t[end]` (inclusive) ends in `algorithm` or
/// `algorithm()`.
fn ends_in_algorithm(t: &[Token], end: usize) -> bool {
    match t[end].text.as_str() {
        "algorithm" => true,
        ")" => end >= 2 && t[end - 1].is("(") && t[end - 2].is("algorithm"),
        _ => false,
    }
}

/// Whether the operand starting at `t[start]` (a path or a chain of fields and calls) is an
/// algorithm: `o.algorithm`, `self.options().algorithm`, `algorithm`.
fn operand_is_algorithm(t: &[Token], start: usize) -> bool {
    let mut i = start;
    let mut last = None;
    while i < t.len() {
        if t[i].is("!") || t[i].is("&") || t[i].is("*") {
            i += 1;
            continue;
        }
        if !t[i].is_ident() {
            break;
        }
        last = Some(i);
        i += 1;
        if t.get(i).is_some_and(|x| x.is("(")) && t.get(i + 1).is_some_and(|x| x.is(")")) {
            i += 2;
        }
        if t.get(i).is_some_and(|x| x.is(".") || x.is("::")) {
            i += 1;
        } else {
            break;
        }
    }
    last.is_some_and(|k| t[k].is("algorithm"))
}

/// Where the tokens from `t[from]` end: at the first `stop` token at the starting bracket
/// depth, or where that depth closes. Also whether they hold the token `algorithm`.
fn span_until(t: &[Token], from: usize, stop: &[&str]) -> (usize, bool) {
    let mut depth = 0i32;
    let mut mentions = false;
    for (i, tok) in t.iter().enumerate().skip(from) {
        match tok.text.as_str() {
            s if depth == 0 && stop.contains(&s) => return (i, mentions),
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => {
                depth -= 1;
                if depth < 0 {
                    return (i, mentions);
                }
            }
            "algorithm" => mentions = true,
            _ => {}
        }
    }
    (t.len(), mentions)
}

/// The branches on the algorithm in `code`: each line and what it branches with. A `match`
/// or `matches!` on an algorithm counts once, whatever its scrutinee asks the algorithm.
fn algorithm_branches(code: &str) -> Vec<(usize, String)> {
    let t = code_tokens(code);
    let mut out = Vec::new();
    // Tokens before this index belong to a scrutinee already counted.
    let mut counted_until = 0;
    for i in 0..t.len() {
        let tok = &t[i];
        let found = match tok.text.as_str() {
            op @ ("==" | "!=") => {
                let left = i > 0 && ends_in_algorithm(&t, i - 1);
                (left || operand_is_algorithm(&t, i + 1)).then(|| format!("algorithm {op}"))
            }
            "matches" if t.get(i + 1).is_some_and(|x| x.is("!")) => {
                let (end, mentions) = span_until(&t, i + 3, &[","]);
                mentions.then(|| {
                    counted_until = end;
                    "matches!(algorithm…)".to_string()
                })
            }
            "match" => {
                let (end, mentions) = span_until(&t, i + 1, &["{"]);
                mentions.then(|| {
                    counted_until = end;
                    "match algorithm".to_string()
                })
            }
            "." if i >= counted_until && i > 0 && ends_in_algorithm(&t, i - 1) => {
                t.get(i + 1).and_then(|name| {
                    let call = FAMILY_QUESTIONS.contains(&name.text.as_str())
                        && t.get(i + 2).is_some_and(|x| x.is("("));
                    call.then(|| format!("algorithm.{}()", name.text))
                })
            }
            _ => None,
        };
        if let Some(what) = found {
            out.push((tok.line, what));
        }
    }
    out
}

/// Whether a file is the search core, where the algorithm is dispatched on.
fn in_search_core(name: &str) -> bool {
    name == "src/search.rs" || name.starts_with("src/search/")
}

#[test]
fn functions_stay_short() {
    let mut all: Vec<(String, Function)> = Vec::new();
    for file in source_files() {
        for f in functions(&file.text) {
            all.push((file.name.clone(), f));
        }
    }
    assert!(
        all.len() > 500,
        "too few functions found ({}); is the reader broken?",
        all.len()
    );
    all.sort_by(|a, b| b.1.lines().cmp(&a.1.lines()).then_with(|| a.0.cmp(&b.0)));
    let over_100: Vec<&(String, Function)> = all.iter().filter(|(_, f)| f.lines() > 100).collect();
    let longest = all.first().map_or(0, |(_, f)| f.lines());
    println!(
        "{} functions; the longest is {longest} lines (ceiling {MAX_FN_LINES});",
        all.len()
    );
    println!(
        "{} are over 100 lines (ceiling {MAX_OVER_100}):",
        over_100.len()
    );
    for (file, f) in &over_100 {
        println!("  {:>4} lines  {file}:{}  {}", f.lines(), f.first, f.name);
    }
    let too_long: Vec<String> = all
        .iter()
        .filter(|(_, f)| f.lines() > MAX_FN_LINES)
        .map(|(file, f)| format!("{file}:{} {} ({} lines)", f.first, f.name, f.lines()))
        .collect();
    assert!(
        too_long.is_empty(),
        "functions over {MAX_FN_LINES} lines: {too_long:?}"
    );
    // With the ceiling at 100 lines no function may be over 100; the count is printed for
    // the record, and its own ceiling comes back if the first is ever raised above 100.
    assert!(MAX_FN_LINES <= 100 || over_100.len() <= MAX_OVER_100);
}

#[test]
fn code_outside_the_search_core_rarely_branches_on_the_algorithm() {
    let mut by_file: Vec<(String, Vec<(usize, String)>)> = source_files()
        .into_iter()
        .filter(|f| !in_search_core(&f.name))
        .map(|f| (f.name.clone(), algorithm_branches(&f.text)))
        .filter(|(_, found)| !found.is_empty())
        .collect();
    by_file.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then_with(|| a.0.cmp(&b.0)));
    let total: usize = by_file.iter().map(|(_, found)| found.len()).sum();
    println!(
        "{total} branches on the algorithm in {} files outside the search core (ceiling \
         {MAX_ALGORITHM_BRANCHES}); ask `options.family()` instead:",
        by_file.len()
    );
    for (file, found) in &by_file {
        for (line, what) in found {
            println!("  {file}:{line}  {what}");
        }
    }
    assert!(
        total <= MAX_ALGORITHM_BRANCHES,
        "{total} branches on the algorithm outside the search core; at most \
         {MAX_ALGORITHM_BRANCHES} may be"
    );
}

/// Where a game may be named: its own file (`src/game/…`, with `src/game/model.rs` the
/// registry), the command line's `--game` options, and the two commands about uniform trees
/// themselves (`prune chart`, the size estimate). Everywhere else asks the game, through
/// `Game` and `Model`, so adding a game is its own file plus one registration line.
fn may_name_a_game(name: &str) -> bool {
    name.starts_with("src/game")
        || [
            "src/cli/source.rs",
            "src/cli/args.rs",
            "src/cli/chart_cmd.rs",
            "src/cli/estimate.rs",
            // The Connect Four solver tutorial's stages: each is the game's rules and the
            // solver's options together.
            "src/lesson/stages.rs",
            "src/cli/count/solve.rs",
            // `prune play connect4`: a game of Connect Four against the strongest stage, and
            // the game's look-ahead when a position is too big to solve.
            "src/run/reply.rs",
            "src/tui/versus.rs",
        ]
        .contains(&name)
}

/// A game named outside its own file and the registry: a match on which game it is, or a
/// reach into its module (test modules aside, which build games to test with).
#[test]
fn no_code_outside_the_games_matches_on_which_game_it_is() {
    let names = [
        "Model::TicTacToe",
        "Model::Uniform",
        "GameSpec::Tictactoe",
        "GameSpec::Uniform",
        "Model::ConnectFour",
        "GameSpec::Connect4",
        "connect4::",
        "tictactoe::",
        "game::uniform::",
        "uniform::{",
    ];
    let mut found = Vec::new();
    for f in source_files() {
        if may_name_a_game(&f.name) {
            continue;
        }
        let code = f.text.split("#[cfg(test)]\nmod tests").next().unwrap_or("");
        for (i, line) in code.lines().enumerate() {
            if let Some(n) = names.iter().find(|n| line.contains(*n)) {
                found.push(format!("{}:{}  {n}", f.name, i + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "games named outside their files:\n{}",
        found.join("\n")
    );
}

#[test]
fn function_spans_skip_literals_comments_and_bodiless_declarations() {
    let code = r####"
trait T {
    fn declared(&self) -> u8;
    fn defaulted(&self) -> u8 {
        1
    }
}
fn outer(f: fn(u8) -> u8, a: [u8; 2]) -> impl Fn() -> u8
where
    u8: Copy,
{
    let _ = "}}} { \" }";
    let _ = r#"} "} "#;
    let _ = '}';
    let _ = '\'';
    // }
    /* } /* } */ } */
    fn inner() {}
    let _ = |x: u8| { x };
    move || 0
}
macro_rules! m { ($name:ident) => { fn $name() {} }; }
"####;
    assert_eq!(
        functions(code),
        [
            Function {
                name: "defaulted".into(),
                first: 4,
                last: 6
            },
            Function {
                name: "outer".into(),
                first: 8,
                last: 21
            },
            Function {
                name: "inner".into(),
                first: 18,
                last: 18
            },
        ]
    );
}

#[test]
fn every_form_of_an_algorithm_branch_is_counted_once() {
    let code = r#"
fn f(o: &Options, algorithm: Algorithm) {
    if o.algorithm == Algorithm::Pvs {}
    if Algorithm::Maxn != self.options().algorithm {}
    let _ = matches!(o.algorithm, Algorithm::Maxn | Algorithm::Paranoid);
    match (r.options().algorithm.side_to_move(), o.paranoid_for) {
        _ => {}
    }
    let _ = r.options().algorithm.side_to_move() || !algorithm.prunes();
    let _ = self.algorithm().vectors();
    // Not branches: a family's answer, other values' methods, names in text.
    let _ = o.family().side_to_move() || units.vectors() || s.name == "algorithm";
    let _ = matches!(kind, Kind::Window) && o.depth == 3;
    match kind { Kind::A => o.algorithm, _ => o.algorithm };
    let _ = Algorithm::family(o.algorithm);
}
"#;
    let found: Vec<String> = algorithm_branches(code)
        .into_iter()
        .map(|(line, what)| format!("{line} {what}"))
        .collect();
    assert_eq!(
        found,
        [
            "3 algorithm ==",
            "4 algorithm !=",
            "5 matches!(algorithm…)",
            "6 match algorithm",
            "9 algorithm.side_to_move()",
            "9 algorithm.prunes()",
            "10 algorithm.vectors()",
        ]
    );
    assert!(in_search_core("src/search.rs") && in_search_core("src/search/family.rs"));
    assert!(!in_search_core("src/searching.rs") && !in_search_core("src/tui/app.rs"));
}

/// The questions a run's family answers (`search::Family`): code that asks one decides
/// something per family, which the family's own files or one choice of screen should do.
const FAMILY_CALLS: [&str; 9] = [
    "samples",
    "side_to_move",
    "has_window",
    "vectors",
    "scouts",
    "prunes",
    "needs_chance",
    "carries",
    "convention",
];
/// At most this many lines of `src/tui/` ask a family question: 34 before the main screen
/// was chosen once from the family (`tui::view::screen`), 29 after, 32 once the same
/// round's predict and simulate fixes landed beside it, 3 once the tutor asked only in
/// `tui::look` (the one exhaustive match on the family's convention that chooses the main
/// screen and what it shows; issue 33's figure). The figure only comes down.
const MAX_FAMILY_LINES_TUI: usize = 3;
/// At most this many lines in all of `src/` outside the search core (100 before, 95 after
/// the main screen, 104 with the same round's other fixes, 55 once the tutor asked in one
/// place and the index read a tree's sides from one answer, `index::tree::Sides`; issue 33
/// wants 60 at most). The figure only comes down.
const MAX_FAMILY_LINES: usize = 55;

/// The lines of `code` that call a family question (`….samples()`), each once.
fn family_lines(code: &str) -> Vec<(usize, String)> {
    let t = code_tokens(code);
    let mut out: Vec<(usize, String)> = Vec::new();
    for i in 1..t.len().saturating_sub(1) {
        let call =
            t[i - 1].is(".") && FAMILY_CALLS.contains(&t[i].text.as_str()) && t[i + 1].is("(");
        if call && out.last().is_none_or(|(line, _)| *line != t[i].line) {
            out.push((t[i].line, t[i].text.clone()));
        }
    }
    out
}

#[test]
fn few_places_outside_the_search_core_ask_a_family_question() {
    let mut by_file: Vec<(String, Vec<(usize, String)>)> = source_files()
        .into_iter()
        .filter(|f| !in_search_core(&f.name))
        .map(|f| (f.name.clone(), family_lines(&f.text)))
        .filter(|(_, found)| !found.is_empty())
        .collect();
    by_file.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then_with(|| a.0.cmp(&b.0)));
    let count = |tui: bool| -> usize {
        by_file
            .iter()
            .filter(|(f, _)| !tui || f.starts_with("src/tui"))
            .map(|(_, found)| found.len())
            .sum()
    };
    let (all, tui) = (count(false), count(true));
    println!(
        "{all} lines ask a family question outside the search core (ceiling \
         {MAX_FAMILY_LINES}), {tui} of them in src/tui (ceiling {MAX_FAMILY_LINES_TUI}):"
    );
    for (file, found) in &by_file {
        let names: Vec<String> = found.iter().map(|(l, n)| format!("{l} {n}")).collect();
        println!("  {file}: {}", names.join(", "));
    }
    assert!(
        tui <= MAX_FAMILY_LINES_TUI,
        "{tui} lines of src/tui ask a family question; at most {MAX_FAMILY_LINES_TUI} may"
    );
    assert!(
        all <= MAX_FAMILY_LINES,
        "{all} lines outside the search core ask a family question; at most \
         {MAX_FAMILY_LINES} may"
    );
}

#[test]
fn a_family_question_is_counted_once_per_line_and_only_as_a_call() {
    let code = r#"
fn f(o: &Options) {
    if o.family().samples() || o.family().samples() {}
    let _ = o.family().prunes(o) && f.carries(Detail::Tie);
    // o.family().vectors() in a comment, "x.scouts()" in a string
    let samples = 3;
    let _ = samples + o.samples;
}
"#;
    let found: Vec<String> = family_lines(code)
        .into_iter()
        .map(|(line, what)| format!("{line} {what}"))
        .collect();
    assert_eq!(found, ["3 samples", "4 prunes"]);
}
