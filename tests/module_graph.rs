//! The top-level modules of `src/` must not depend on each other in a cycle.
//!
//! Every `.rs` file under `src/` belongs to a top-level module (`src/foo.rs` and `src/foo/**`
//! are `foo`; `lib.rs` and `main.rs` are the roots and are not read). A file depends on every
//! module `X` it names as `crate::X`: in `use crate::…` items (grouped and multi-line forms
//! included) and in paths written inline in code. Comments and string literals do not count.
//! The test fails with every cycle of that directed graph and the files behind its edges.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Module → the modules it depends on.
type Graph = BTreeMap<String, BTreeSet<String>>;

/// The module graph of `src/`, and for each edge the files (relative to the crate) that make it.
struct ModuleGraph {
    graph: Graph,
    files: BTreeMap<(String, String), BTreeSet<String>>,
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module of a file, given its path below `src/`; `None` for the crate roots.
fn top_module(relative: &Path) -> Option<String> {
    let mut parts = relative.components();
    let first = parts.next()?.as_os_str().to_str()?;
    if parts.next().is_some() {
        return Some(first.to_string());
    }
    match first.strip_suffix(".rs")? {
        "lib" | "main" => None,
        name => Some(name.to_string()),
    }
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// `code` without comments, string literals and character literals (each becomes a space).
fn strip(code: &str) -> String {
    let c: Vec<char> = code.chars().collect();
    let at = |i: usize| c.get(i).copied().unwrap_or('\0');
    let mut out = String::with_capacity(code.len());
    let mut i = 0;
    while i < c.len() {
        let starts_token = i == 0 || !is_ident(c[i - 1]);
        if c[i] == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
            out.push(' ');
        } else if c[i] == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c[i] == '"' {
            i += 1;
            while i < c.len() && c[i] != '"' {
                i += if c[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push(' ');
        } else if starts_token && (c[i] == 'r' || (c[i] == 'b' && at(i + 1) == 'r')) && {
            let mut j = i + if c[i] == 'b' { 2 } else { 1 };
            while at(j) == '#' {
                j += 1;
            }
            at(j) == '"'
        } {
            // A raw string: r"…", r#"…"#, br##"…"##, …
            i += if c[i] == 'b' { 2 } else { 1 };
            let mut hashes = 0;
            while c[i] == '#' {
                hashes += 1;
                i += 1;
            }
            i += 1;
            while i < c.len() && !(c[i] == '"' && (1..=hashes).all(|h| at(i + h) == '#')) {
                i += 1;
            }
            i += 1 + hashes;
            out.push(' ');
        } else if c[i] == '\'' && at(i + 1) == '\\' {
            // An escaped character literal such as '\n', '\'' or '\u{1F600}'.
            i += 3;
            while i < c.len() && c[i] != '\'' {
                i += 1;
            }
            i += 1;
            out.push(' ');
        } else if c[i] == '\'' && at(i + 2) == '\'' {
            i += 3;
            out.push(' ');
        } else {
            // Everything else, lifetimes ('a) included, is code.
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// Identifiers, `::`, and every other non-space character on its own.
fn tokens(code: &str) -> Vec<String> {
    let c: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        if c[i].is_whitespace() {
            i += 1;
        } else if is_ident(c[i]) {
            let start = i;
            while i < c.len() && is_ident(c[i]) {
                i += 1;
            }
            out.push(c[start..i].iter().collect());
        } else if c[i] == ':' && c.get(i + 1) == Some(&':') {
            out.push("::".to_string());
            i += 2;
        } else {
            out.push(c[i].to_string());
            i += 1;
        }
    }
    out
}

/// The first path segment after every `crate::` in `code` (`crate::{a::b, c}` names a and c).
fn crate_references(code: &str) -> BTreeSet<String> {
    let t = tokens(&strip(code));
    let ident = |s: &str| {
        s.chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_')
    };
    let mut out = BTreeSet::new();
    let mut add = |name: &str| {
        if ident(name) && name != "self" {
            out.insert(name.to_string());
        }
    };
    for i in 0..t.len() {
        if t[i] != "crate" || t.get(i + 1).map(String::as_str) != Some("::") {
            continue;
        }
        match t.get(i + 2).map(String::as_str) {
            Some("{") => {
                // A group: the first segment of each of its items.
                let mut depth = 0;
                let mut item_start = true;
                for tok in &t[i + 2..] {
                    match tok.as_str() {
                        "{" => {
                            depth += 1;
                            item_start = depth == 1;
                        }
                        "}" => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        "," => item_start = depth == 1,
                        name => {
                            if item_start {
                                add(name);
                            }
                            item_start = false;
                        }
                    }
                }
            }
            Some(name) => add(name),
            None => {}
        }
    }
    out
}

fn module_graph() -> ModuleGraph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut paths = Vec::new();
    rust_files(&src, &mut paths);
    let sources: Vec<(String, String, String)> = paths
        .iter()
        .filter_map(|path| {
            let relative = path.strip_prefix(&src).expect("a file under src/");
            let module = top_module(relative)?;
            let text =
                std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            Some((module, format!("src/{}", relative.display()), text))
        })
        .collect();
    let modules: BTreeSet<String> = sources.iter().map(|(m, _, _)| m.clone()).collect();
    let mut graph: Graph = modules
        .iter()
        .map(|m| (m.clone(), BTreeSet::new()))
        .collect();
    let mut files: BTreeMap<(String, String), BTreeSet<String>> = BTreeMap::new();
    for (module, file, text) in &sources {
        // Names that are not top-level modules are items of the crate root (none today).
        for target in crate_references(text) {
            if &target != module && modules.contains(&target) {
                graph.get_mut(module).unwrap().insert(target.clone());
                files
                    .entry((module.clone(), target))
                    .or_default()
                    .insert(file.clone());
            }
        }
    }
    ModuleGraph { graph, files }
}

/// Tarjan's strongly connected components, each sorted, in the order Tarjan completes them.
fn components(graph: &Graph) -> Vec<Vec<String>> {
    struct State<'g> {
        graph: &'g Graph,
        next: usize,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        on_stack: BTreeSet<&'g str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'g>(s: &mut State<'g>, v: &'g str) {
        s.index.insert(v, s.next);
        s.low.insert(v, s.next);
        s.next += 1;
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in s.graph.get(v).into_iter().flatten() {
            let w = w.as_str();
            if !s.index.contains_key(w) {
                visit(s, w);
                let low = s.low[v].min(s.low[w]);
                s.low.insert(v, low);
            } else if s.on_stack.contains(w) {
                let low = s.low[v].min(s.index[w]);
                s.low.insert(v, low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            loop {
                let w = s.stack.pop().expect("v is on the stack");
                s.on_stack.remove(w);
                component.push(w.to_string());
                if w == v {
                    break;
                }
            }
            component.sort();
            s.out.push(component);
        }
    }
    let mut s = State {
        graph,
        next: 0,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.out
}

/// At most this many cycles are listed (a module graph has far fewer).
const MAX_CYCLES: usize = 1000;

/// Every elementary cycle, each starting at its smallest module (`[a, b]` is a -> b -> a),
/// shortest first. Self-loops are not cycles here.
fn cycles(graph: &Graph) -> Vec<Vec<String>> {
    fn walk<'g>(
        graph: &'g Graph,
        allowed: &BTreeSet<&'g str>,
        start: &'g str,
        path: &mut Vec<&'g str>,
        out: &mut Vec<Vec<String>>,
    ) {
        let last = *path.last().expect("the path holds the start");
        for next in graph.get(last).into_iter().flatten() {
            let next = next.as_str();
            if out.len() >= MAX_CYCLES {
                return;
            }
            if next == start && path.len() > 1 {
                out.push(path.iter().map(|m| m.to_string()).collect());
            } else if next > start && allowed.contains(next) && !path.contains(&next) {
                path.push(next);
                walk(graph, allowed, start, path, out);
                path.pop();
            }
        }
    }
    let mut out = Vec::new();
    for component in components(graph).iter().filter(|c| c.len() > 1) {
        let allowed: BTreeSet<&str> = component.iter().map(String::as_str).collect();
        for start in component {
            walk(graph, &allowed, start, &mut vec![start.as_str()], &mut out);
        }
    }
    out.sort_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
    out
}

fn arrows(cycle: &[String]) -> String {
    let mut text = cycle.join(" -> ");
    text.push_str(" -> ");
    text.push_str(&cycle[0]);
    text
}

fn graph_of(edges: &[(&str, &str)]) -> Graph {
    let mut graph = Graph::new();
    for (from, to) in edges {
        graph
            .entry(from.to_string())
            .or_default()
            .insert(to.to_string());
        graph.entry(to.to_string()).or_default();
    }
    graph
}

#[test]
fn top_level_modules_depend_on_each_other_without_cycles() {
    let ModuleGraph { graph, files } = module_graph();
    // Known edges: if the reader broke, the graph would be empty and trivially acyclic.
    for (from, to) in [
        ("search", "game"),
        ("cli", "lesson"),
        ("export", "lesson"),
        ("practice", "lesson"),
        ("run", "search"),
    ] {
        assert!(
            graph.get(from).is_some_and(|t| t.contains(to)),
            "the module graph lacks the edge {from} -> {to}; is the reader broken?\n{graph:#?}"
        );
    }
    let found = cycles(&graph);
    if found.is_empty() {
        return;
    }
    let mut message = format!(
        "the top-level modules of src/ depend on each other in {} cycle(s):\n",
        found.len()
    );
    for cycle in &found {
        message.push_str(&format!("  {}\n", arrows(cycle)));
    }
    message.push_str("modules that reach each other (strongly connected):\n");
    for component in components(&graph).iter().filter(|c| c.len() > 1) {
        message.push_str(&format!("  {{{}}}\n", component.join(", ")));
    }
    message.push_str("the edges on those cycles, and the files that make them:\n");
    let on_cycles: BTreeSet<(String, String)> = found
        .iter()
        .flat_map(|c| (0..c.len()).map(move |i| (c[i].clone(), c[(i + 1) % c.len()].clone())))
        .collect();
    for edge in &on_cycles {
        let names: Vec<&str> = files[edge].iter().map(String::as_str).collect();
        message.push_str(&format!(
            "  {} -> {}: {}\n",
            edge.0,
            edge.1,
            names.join(", ")
        ));
    }
    panic!("{message}");
}

#[test]
fn the_cycle_finder_lists_every_cycle_of_a_small_graph() {
    // a ⇄ b, a → c → d → a, d → d (a self-loop, ignored), e → a (on no cycle), f alone.
    let graph = graph_of(&[
        ("a", "b"),
        ("b", "a"),
        ("a", "c"),
        ("c", "d"),
        ("d", "a"),
        ("d", "d"),
        ("e", "a"),
        ("f", "f"),
    ]);
    let found: Vec<String> = cycles(&graph).iter().map(|c| arrows(c)).collect();
    assert_eq!(found, ["a -> b -> a", "a -> c -> d -> a"]);
    let mut parts = components(&graph);
    parts.sort();
    assert_eq!(
        parts,
        [vec!["a", "b", "c", "d"], vec!["e"], vec!["f"]]
            .map(|c| c.into_iter().map(String::from).collect::<Vec<_>>())
    );
    // A chain has no cycle; neither does a graph with no edges.
    assert!(cycles(&graph_of(&[("x", "y"), ("y", "z"), ("x", "z")])).is_empty());
    assert!(cycles(&Graph::new()).is_empty());
}

#[test]
fn references_come_from_use_items_and_paths_but_not_comments_or_strings() {
    let code = r####"
        //! Uses `crate::comment_doc`.
        use std::fmt;
        use crate::alpha::Thing;
        pub(crate) use crate::{
            beta::{self, gamma::Deep},
            delta,
            self as root,
        };
        use crate::{epsilon::{Nested, more::{X, Y}}, zeta::*};
        // crate::line_comment::f();
        /* crate::block /* nested crate::inner */ still::comment */
        fn f<'a>(x: &'a str) -> char {
            let _ = "crate::in_string \" crate::escaped";
            let _ = r#"crate::raw "quoted" "#;
            let _ = b'"';
            let _ = '\'';
            crate::eta::call(crate :: theta::VALUE);
            not_crate::iota();
            'x'
        }
    "####;
    let found: Vec<String> = crate_references(code).into_iter().collect();
    assert_eq!(
        found,
        ["alpha", "beta", "delta", "epsilon", "eta", "theta", "zeta"]
    );
    assert_eq!(top_module(Path::new("lib.rs")), None);
    assert_eq!(top_module(Path::new("main.rs")), None);
    assert_eq!(top_module(Path::new("cli.rs")).as_deref(), Some("cli"));
    assert_eq!(top_module(Path::new("cli/args.rs")).as_deref(), Some("cli"));
    assert_eq!(
        top_module(Path::new("tui/view/tree.rs")).as_deref(),
        Some("tui")
    );
}
