//! The crate's import graph, read from its source: the layer order that `src/lib.rs`'s doc
//! comment documents is the order the imports keep, and no files import each other in a
//! circle.
//!
//! Every `.rs` file under `src/` is a node (`src/a.rs` and `src/a/mod.rs` are module `a`,
//! `src/a/b.rs` is `a::b`; `main.rs` is its own crate and is not read). A file imports the
//! file of every path it writes from `crate::`, `super::`, `self::` or a child module it
//! declares (`use` items, grouped and multi-line forms included, and paths written inline in
//! code); a path names the file of its longest prefix that is a file's module. A parent's
//! `mod child;` is not an import. Comments and string literals do not count.

#[path = "common/rust_source.rs"]
mod rust_source;

use std::collections::{BTreeMap, BTreeSet};

use rust_source::{Token, code_tokens, source_files};

/// Node → the nodes it depends on.
type Graph = BTreeMap<String, BTreeSet<String>>;

/// The module path a file is (`src/a/b.rs` → `["a", "b"]`); `None` for `main.rs`.
fn file_module(name: &str) -> Option<Vec<String>> {
    let inner = name.strip_prefix("src/")?.strip_suffix(".rs")?;
    let mut parts: Vec<String> = inner.split('/').map(String::from).collect();
    match parts.last().map(String::as_str) {
        Some("main") if parts.len() == 1 => return None,
        Some("lib") if parts.len() == 1 => return Some(Vec::new()),
        Some("mod") => {
            parts.pop();
        }
        _ => {}
    }
    Some(parts)
}

/// The module path each token sits in, inside its file: the names of the inline `mod x { … }`
/// blocks around it.
fn inline_modules(t: &[Token]) -> Vec<Vec<String>> {
    let mut out = Vec::with_capacity(t.len());
    let mut open: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    for (i, tok) in t.iter().enumerate() {
        out.push(open.iter().map(|(name, _)| name.clone()).collect());
        if tok.is("{") {
            depth += 1;
            let named = i >= 2 && t[i - 2].is("mod") && t[i - 1].is_ident();
            if named {
                open.push((t[i - 1].text.clone(), depth));
            }
        } else if tok.is("}") {
            if open.last().is_some_and(|(_, d)| *d == depth) {
                open.pop();
            }
            depth -= 1;
        }
    }
    out
}

/// Expands the use tree (or plain path) starting at `t[i]` from the module `path`, pushing
/// every module path it names; returns the index after it. `crate` restarts at the root,
/// `super` climbs, `self` stays; `a::{b, c::{self, D}}` names `a::b`, `a::c` and `a::c::D`.
fn use_tree(t: &[Token], mut i: usize, mut path: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
    loop {
        let Some(tok) = t.get(i) else {
            out.push(path);
            return i;
        };
        if tok.is("{") {
            i += 1;
            loop {
                match t.get(i) {
                    None => return i,
                    Some(x) if x.is("}") => return i + 1,
                    Some(x) if x.is(",") => i += 1,
                    Some(_) => {
                        i = use_tree(t, i, path.clone(), out);
                        // `as name` after an item.
                        while t.get(i).is_some_and(|x| !x.is(",") && !x.is("}")) {
                            i += 1;
                        }
                    }
                }
            }
        }
        if tok.is("*") {
            out.push(path);
            return i + 1;
        }
        if !tok.is_ident() {
            out.push(path);
            return i;
        }
        match tok.text.as_str() {
            "crate" => path.clear(),
            "self" => {}
            "super" => {
                path.pop();
            }
            name => path.push(name.to_string()),
        }
        if t.get(i + 1).is_some_and(|x| x.is("::")) {
            i += 2;
        } else {
            out.push(path);
            return i + 1;
        }
    }
}

/// A path a file writes, and the module paths it names from the crate root.
#[derive(Debug)]
struct Reference {
    line: usize,
    text: String,
    targets: Vec<Vec<String>>,
}

/// Every path in `code` (a file whose module is `module`) that starts at `crate::`,
/// `super::`, `self::` or a child module the file declares with `mod child;`.
fn references(module: &[String], code: &str) -> Vec<Reference> {
    let t = code_tokens(code);
    let inline = inline_modules(&t);
    let here = |i: usize| -> Vec<String> { module.iter().chain(&inline[i]).cloned().collect() };
    // Modules declared in files of their own: `mod child;`.
    let children: BTreeSet<Vec<String>> = (1..t.len().saturating_sub(1))
        .filter(|&i| t[i - 1].is("mod") && t[i].is_ident() && t[i + 1].is(";"))
        .map(|i| {
            let mut path = here(i);
            path.push(t[i].text.clone());
            path
        })
        .collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i + 1 < t.len() {
        let continues = i > 0 && (t[i - 1].is("::") || t[i - 1].is("."));
        let rooted = ["crate", "super", "self"].contains(&t[i].text.as_str());
        let child = t[i].is_ident() && {
            let mut path = here(i);
            path.push(t[i].text.clone());
            children.contains(&path)
        };
        if continues || !(rooted || child) || !t[i + 1].is("::") {
            i += 1;
            continue;
        }
        let mut targets = Vec::new();
        let end = use_tree(&t, i, here(i), &mut targets);
        let text: String = t[i..end].iter().map(|x| x.text.as_str()).collect();
        out.push(Reference {
            line: t[i].line,
            text: text.chars().take(80).collect(),
            targets,
        });
        i = end.max(i + 1);
    }
    out
}

/// One import of a file: the line, the path as written, and the file it names.
#[derive(Debug)]
struct Import {
    line: usize,
    text: String,
    target: String,
}

/// The files of `src/`, each with its module path and its imports of other files.
struct FileGraph {
    modules: BTreeMap<String, Vec<String>>,
    imports: BTreeMap<String, Vec<Import>>,
}

impl FileGraph {
    fn read() -> FileGraph {
        let sources: Vec<(String, Vec<String>, String)> = source_files()
            .into_iter()
            .filter_map(|f| Some((f.name.clone(), file_module(&f.name)?, f.text)))
            .collect();
        let by_module: BTreeMap<Vec<String>, String> = sources
            .iter()
            .map(|(name, module, _)| (module.clone(), name.clone()))
            .collect();
        let mut imports = BTreeMap::new();
        for (name, module, text) in &sources {
            let mut list = Vec::new();
            for r in references(module, text) {
                for target in &r.targets {
                    let file = (0..=target.len())
                        .rev()
                        .find_map(|k| by_module.get(&target[..k]))
                        .expect("lib.rs is the root");
                    if file != name {
                        list.push(Import {
                            line: r.line,
                            text: r.text.clone(),
                            target: file.clone(),
                        });
                    }
                }
            }
            imports.insert(name.clone(), list);
        }
        let modules = sources.into_iter().map(|(n, m, _)| (n, m)).collect();
        FileGraph { modules, imports }
    }

    fn graph(&self) -> Graph {
        self.imports
            .iter()
            .map(|(file, list)| {
                (
                    file.clone(),
                    list.iter().map(|i| i.target.clone()).collect(),
                )
            })
            .collect()
    }

    /// The top-level module of a file (`None` for lib.rs).
    fn top(&self, file: &str) -> Option<&str> {
        self.modules[file].first().map(String::as_str)
    }

    /// Top-level module → the top-level modules it imports.
    fn module_graph(&self) -> Graph {
        let mut graph = Graph::new();
        for (file, list) in &self.imports {
            let Some(from) = self.top(file) else { continue };
            let entry = graph.entry(from.to_string()).or_default();
            for import in list {
                match self.top(&import.target) {
                    Some(to) if to != from => {
                        entry.insert(to.to_string());
                    }
                    _ => {}
                }
            }
        }
        graph
    }
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

/// At most this many cycles are listed (the graphs here have far fewer).
const MAX_CYCLES: usize = 1000;

/// Every elementary cycle, each starting at its smallest node (`[a, b]` is a -> b -> a),
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

/// The layers of `src/lib.rs`'s doc comment, lowest first: each bullet starts with the
/// top-level modules of its layer in backticks, separated by commas, ended by a colon.
fn documented_layers(lib: &str) -> Vec<Vec<String>> {
    let mut layers = Vec::new();
    for line in lib.lines() {
        let Some(doc) = line.strip_prefix("//!") else {
            continue;
        };
        let Some(bullet) = doc.trim_start().strip_prefix("- ") else {
            continue;
        };
        let head = bullet
            .split_once(':')
            .unwrap_or_else(|| {
                panic!("lib.rs: a layer's bullet names its modules then ':': {line}")
            })
            .0;
        let names: Vec<String> = head
            .split(',')
            .map(|name| {
                let name = name.trim();
                name.strip_prefix('`')
                    .and_then(|n| n.strip_suffix('`'))
                    .filter(|n| n.chars().all(rust_source::is_ident) && !n.is_empty())
                    .unwrap_or_else(|| {
                        panic!("lib.rs: `{name}` is not a module name in backticks: {line}")
                    })
                    .to_string()
            })
            .collect();
        layers.push(names);
    }
    layers
}

/// The top-level modules `lib.rs` declares.
fn declared_modules(lib: &str) -> BTreeSet<String> {
    let t = code_tokens(lib);
    (1..t.len().saturating_sub(1))
        .filter(|&i| t[i - 1].is("mod") && t[i + 1].is(";"))
        .map(|i| t[i].text.clone())
        .collect()
}

fn lib_rs() -> String {
    let path = rust_source::src_dir().join("lib.rs");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Each module's layer in the documented map (0 is the lowest).
fn layer_of() -> BTreeMap<String, usize> {
    documented_layers(&lib_rs())
        .into_iter()
        .enumerate()
        .flat_map(|(k, names)| names.into_iter().map(move |n| (n, k)))
        .collect()
}

#[test]
fn the_module_map_names_every_module_once() {
    let lib = lib_rs();
    let layers = documented_layers(&lib);
    assert!(
        layers.len() > 5,
        "lib.rs documents too few layers: {layers:?}"
    );
    let mut seen = BTreeMap::new();
    for (k, names) in layers.iter().enumerate() {
        for name in names {
            if let Some(other) = seen.insert(name.clone(), k) {
                panic!("lib.rs's map lists `{name}` twice (layers {other} and {k})");
            }
        }
    }
    let listed: BTreeSet<String> = seen.into_keys().collect();
    let declared = declared_modules(&lib);
    let missing: Vec<&String> = declared.difference(&listed).collect();
    let extra: Vec<&String> = listed.difference(&declared).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "lib.rs's map and its `pub mod` items differ: not in the map {missing:?}, not a module {extra:?}"
    );
}

#[test]
fn no_module_imports_one_at_or_above_its_layer_in_the_map() {
    let files = FileGraph::read();
    let layer = layer_of();
    // Known imports: if the reader broke, nothing would be found and nothing could fail.
    let graph = files.module_graph();
    for (from, to) in [
        ("search", "game"),
        ("cli", "lesson"),
        ("export", "lesson"),
        ("error", "trace"),
        ("run", "search"),
    ] {
        assert!(
            graph.get(from).is_some_and(|t| t.contains(to)),
            "the module graph lacks the edge {from} -> {to}; is the reader broken?\n{graph:#?}"
        );
    }
    let mut wrong = Vec::new();
    for (file, list) in &files.imports {
        let Some(from) = files.top(file) else {
            continue;
        };
        let here = *layer
            .get(from)
            .unwrap_or_else(|| panic!("{file}: module `{from}` is not in lib.rs's map"));
        for import in list {
            let Some(to) = files.top(&import.target).filter(|to| *to != from) else {
                continue;
            };
            let there = *layer
                .get(to)
                .unwrap_or_else(|| panic!("module `{to}` is not in lib.rs's map"));
            if there >= here {
                wrong.push(format!(
                    "  {file}:{}: `{}` imports `{to}` (layer {there}) from `{from}` (layer {here})",
                    import.line, import.text
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "a module imports one on its own line or above it in lib.rs's map (move the import or \
         the map):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn top_level_modules_depend_on_each_other_without_cycles() {
    let files = FileGraph::read();
    let graph = files.module_graph();
    let found = cycles(&graph);
    let mut message = String::new();
    for cycle in &found {
        message.push_str(&format!("  {}\n", arrows(cycle)));
    }
    assert!(
        found.is_empty(),
        "the top-level modules of src/ depend on each other in {} cycle(s):\n{message}",
        found.len()
    );
}

/// File-level circles allowed. Issue #20 removed every one (there were 47: inside index/,
/// search/, and between practice.rs and its children); the list stays empty.
const KNOWN_CIRCLES: &[&str] = &[];

#[test]
fn files_import_each_other_in_no_circle_but_the_known_ones() {
    let files = FileGraph::read();
    let graph = files.graph();
    assert!(
        graph["src/index.rs"].contains("src/index/tree.rs"),
        "the file graph lacks src/index.rs -> src/index/tree.rs; is the reader broken?"
    );
    let found: Vec<String> = cycles(&graph).iter().map(|c| arrows(c)).collect();
    println!("{} file-level circle(s):", found.len());
    for circle in &found {
        println!("  {circle}");
    }
    let new: Vec<&String> = found
        .iter()
        .filter(|c| !KNOWN_CIRCLES.contains(&c.as_str()))
        .collect();
    let gone: Vec<&&str> = KNOWN_CIRCLES
        .iter()
        .filter(|c| !found.iter().any(|f| f == **c))
        .collect();
    let mut message = String::new();
    for circle in &new {
        message.push_str(&format!("new circle: {circle}\n"));
        let files_on: Vec<&str> = circle.split(" -> ").collect();
        for pair in files_on.windows(2) {
            let places: BTreeSet<(usize, &str)> = files.imports[pair[0]]
                .iter()
                .filter(|i| i.target == pair[1])
                .map(|i| (i.line, i.text.as_str()))
                .collect();
            for (line, text) in places {
                message.push_str(&format!("    {}:{line}: {text}\n", pair[0]));
            }
        }
    }
    for circle in &gone {
        message.push_str(&format!("gone (remove it from KNOWN_CIRCLES): {circle}\n"));
    }
    assert!(message.is_empty(), "{message}");
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

fn names(paths: &[Vec<String>]) -> Vec<String> {
    paths.iter().map(|p| p.join("::")).collect()
}

#[test]
fn references_come_from_use_items_and_paths_but_not_comments_or_strings() {
    let code = r####"
        //! Uses `crate::comment_doc`.
        use std::fmt;
        mod kid;
        use crate::alpha::Thing;
        pub(crate) use crate::{
            beta::{self, gamma::Deep},
            delta as renamed,
            self as root,
        };
        use crate::{epsilon::{Nested, more::{X, Y}}, zeta::*};
        use super::sibling::Item;
        pub use kid::Child;
        // crate::line_comment::f();
        /* crate::block /* nested crate::inner */ still::comment */
        fn f<'a>(x: &'a str) -> char {
            let _ = "crate::in_string \" crate::escaped";
            let _ = r#"crate::raw "quoted" "#;
            let _ = b'"';
            let _ = '\'';
            crate::eta::call(crate :: theta::VALUE);
            self::local::g(x.kid::h());
            not_crate::iota();
            'x'
        }
        mod tests {
            use super::*;
            use super::super::up;
        }
    "####;
    let module = ["m".to_string(), "n".to_string()];
    let found: Vec<String> = references(&module, code)
        .iter()
        .flat_map(|r| names(&r.targets))
        .collect();
    assert_eq!(
        found,
        [
            "alpha::Thing",
            "beta",
            "beta::gamma::Deep",
            "delta",
            "",
            "epsilon::Nested",
            "epsilon::more::X",
            "epsilon::more::Y",
            "zeta",
            "m::sibling::Item",
            "m::n::kid::Child",
            "eta::call",
            "theta::VALUE",
            "m::n::local::g",
            "m::n",
            "m::up",
        ]
    );
    let lines: Vec<usize> = references(&module, code).iter().map(|r| r.line).collect();
    assert_eq!(lines, [5, 6, 11, 12, 13, 21, 21, 22, 27, 28]);
    assert_eq!(file_module("src/lib.rs"), Some(vec![]));
    assert_eq!(file_module("src/main.rs"), None);
    assert_eq!(file_module("src/cli.rs"), Some(vec!["cli".to_string()]));
    assert_eq!(
        file_module("src/tui/view/tree.rs"),
        Some(vec!["tui".into(), "view".into(), "tree".into()])
    );
    assert_eq!(file_module("src/a/mod.rs"), Some(vec!["a".to_string()]));
}

#[test]
fn the_map_is_read_from_bullets_of_backticked_names() {
    let doc = "//! Intro `not` a layer.\n//!\n//! - `a`, `b`: the base; uses `x`.\n\
               //!   more words: here\n//! - `c`: the top.\npub mod a;\npub mod b;\n// pub mod d;\npub mod c;\n";
    assert_eq!(
        documented_layers(doc),
        [
            vec!["a".to_string(), "b".to_string()],
            vec!["c".to_string()]
        ]
    );
    assert_eq!(
        declared_modules(doc),
        ["a", "b", "c"].map(String::from).into_iter().collect()
    );
}
