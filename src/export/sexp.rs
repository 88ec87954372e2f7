//! Game trees as s-expressions, the notation of textbook exercises: a leaf is a parenthesised
//! score `(3)`, an inner node lists its children `((3)(12)(8))`. The root is MAX and the players
//! alternate by level. A node may start with a label: `(root (a 3) (b 5))`, or `("left side" 3)`.
//!
//! `parse` reads one (with the graph contract's limits), `write` prints one, and `unfold` turns
//! the part of a lesson graph a run looks at into a tree.

use std::fmt::Write as _;

use crate::error::{Error, Problem, Result};
use crate::game::Game;
use crate::game::graph::{Graph, MAX_NODES, SCORE_LIMIT};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tree {
    pub label: Option<String>,
    pub body: Body,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Body {
    Leaf(i32),
    Inner(Vec<Tree>),
}

impl Tree {
    /// Levels below the root (a lone leaf has height 0).
    pub fn height(&self) -> usize {
        match &self.body {
            Body::Leaf(_) => 0,
            Body::Inner(children) => 1 + children.iter().map(Tree::height).max().unwrap_or(0),
        }
    }

    pub fn count(&self) -> usize {
        match &self.body {
            Body::Leaf(_) => 1,
            Body::Inner(children) => 1 + children.iter().map(Tree::count).sum::<usize>(),
        }
    }
}

/// Parses one tree. Errors name `origin` and the 0-based character offset of the problem.
pub fn parse(origin: &str, text: &str) -> Result<Tree> {
    let mut p = Parser {
        chars: text.chars().collect(),
        pos: 0,
        nodes: 0,
        origin,
    };
    p.skip_space();
    if p.peek().is_none() {
        return Err(p.fail("no tree: the input is empty (write one such as ((3)(5)))"));
    }
    let tree = p.node()?;
    p.skip_space();
    if let Some(c) = p.peek() {
        return Err(p.fail(&format!(
            "unexpected {} after the tree ended (the input holds exactly one tree)",
            show(c)
        )));
    }
    Ok(tree)
}

struct Parser<'a> {
    chars: Vec<char>,
    pos: usize,
    /// Nodes opened so far; capping it also caps the nesting, so recursion stays shallow.
    nodes: usize,
    origin: &'a str,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn fail(&self, message: &str) -> Error {
        self.fail_at(self.pos, message)
    }

    fn fail_at(&self, pos: usize, message: &str) -> Error {
        Error::Invalid {
            path: self.origin.to_string(),
            problem: Problem::Lesson(format!("character offset {pos}: {message}")),
        }
    }

    /// `(` [label] (score | node+) `)`, at a non-space character.
    fn node(&mut self) -> Result<Tree> {
        match self.peek() {
            Some('(') => {}
            Some(c) => {
                return Err(self.fail(&format!(
                    "expected '(' to start a node, found {}; a score belongs inside a leaf such as (4)",
                    show(c)
                )));
            }
            None => return Err(self.fail("unexpected end of input: expected '(' to start a node")),
        }
        let open = self.pos;
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return Err(self.fail(&format!(
                "the tree has more than {MAX_NODES} nodes, the limit of a lesson graph"
            )));
        }
        self.pos += 1;
        self.skip_space();
        let label = self.label()?;
        if label.is_some() {
            self.skip_space();
        }
        let body = match self.peek() {
            Some(c) if c == '-' || c == '+' || c.is_ascii_digit() => {
                let score = self.score()?;
                self.skip_space();
                match self.peek() {
                    Some(')') => {}
                    Some('.') | Some('e') | Some('E') => {
                        return Err(self.fail("scores are integers"));
                    }
                    Some(c) => {
                        return Err(self.fail(&format!(
                            "expected ')' after the leaf's score, found {}; a node holds one score or only child nodes",
                            show(c)
                        )));
                    }
                    None => return Err(self.unclosed(open)),
                }
                Body::Leaf(score)
            }
            Some(')') => {
                return Err(self.fail(
                    "empty node: a leaf needs a score such as (3), an inner node at least one child",
                ));
            }
            Some('(') => {
                let mut children = Vec::new();
                loop {
                    children.push(self.node()?);
                    self.skip_space();
                    match self.peek() {
                        Some(')') => break,
                        Some('(') => {}
                        Some(c) => {
                            return Err(self.fail(&format!(
                                "expected '(' or ')' after a child node, found {}; an inner node lists only child nodes",
                                show(c)
                            )));
                        }
                        None => return Err(self.unclosed(open)),
                    }
                }
                Body::Inner(children)
            }
            Some(c) => {
                return Err(self.fail(&format!(
                    "expected a score or a child node, found {}",
                    show(c)
                )));
            }
            None => return Err(self.unclosed(open)),
        };
        self.pos += 1; // the ')'
        Ok(Tree { label, body })
    }

    fn unclosed(&self, open: usize) -> Error {
        self.fail(&format!(
            "unexpected end of input: the node opened at character offset {open} is not closed"
        ))
    }

    /// A bare word that does not start like a number, or a double-quoted string.
    fn label(&mut self) -> Result<Option<String>> {
        match self.peek() {
            Some('"') => {
                let start = self.pos;
                self.pos += 1;
                let mut out = String::new();
                loop {
                    match self.peek() {
                        None => {
                            return Err(self.fail_at(start, "this quoted label is not closed"));
                        }
                        Some('"') => break,
                        Some('\\') => {
                            self.pos += 1;
                            match self.peek() {
                                Some(c @ ('"' | '\\')) => out.push(c),
                                _ => {
                                    return Err(self.fail(
                                        "in a quoted label, '\\' may only escape '\"' or '\\'",
                                    ));
                                }
                            }
                        }
                        Some(c) => out.push(c),
                    }
                    self.pos += 1;
                }
                self.pos += 1;
                Ok(Some(out))
            }
            Some(c) if is_word_start(c) => {
                let start = self.pos;
                while self.peek().is_some_and(is_word_char) {
                    self.pos += 1;
                }
                Ok(Some(self.chars[start..self.pos].iter().collect()))
            }
            _ => Ok(None),
        }
    }

    /// An optionally signed decimal integer within the graph's score range.
    fn score(&mut self) -> Result<i32> {
        let start = self.pos;
        let negative = self.peek() == Some('-');
        if matches!(self.peek(), Some('-' | '+')) {
            self.pos += 1;
        }
        let digits = self.pos;
        let mut value: i64 = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            // Saturate: only whether it is in range matters, and huge inputs must not overflow.
            value = (value * 10 + d as i64).min(SCORE_LIMIT + 1);
            self.pos += 1;
        }
        if self.pos == digits {
            return Err(self.fail_at(start, "a sign must be followed by digits"));
        }
        let value = if negative { -value } else { value };
        if !(-SCORE_LIMIT..=SCORE_LIMIT).contains(&value) {
            let written: String = self.chars[start..self.pos].iter().collect();
            return Err(self.fail_at(
                start,
                &format!(
                    "score {} is outside [-{SCORE_LIMIT}, {SCORE_LIMIT}]",
                    crate::text::cut(&written)
                ),
            ));
        }
        Ok(value as i32)
    }
}

fn is_word_start(c: char) -> bool {
    !(c.is_ascii_digit() || c == '-' || c == '+' || c == '"') && is_word_char(c)
}

fn is_word_char(c: char) -> bool {
    !(c.is_whitespace() || c.is_control() || c == '(' || c == ')' || c == '"' || c == '\\')
}

fn show(c: char) -> String {
    if c.is_control() {
        format!("{:?}", c)
    } else {
        format!("'{c}'")
    }
}

/// Prints a tree: unlabelled trees compactly as in textbooks, `((3)(12)(8))`; a labelled node
/// as `(label child child)` with spaces.
pub fn write(tree: &Tree) -> String {
    let mut out = String::new();
    write_into(&mut out, tree);
    out
}

fn write_into(out: &mut String, tree: &Tree) {
    out.push('(');
    if let Some(label) = &tree.label {
        let bare =
            label.chars().next().is_some_and(is_word_start) && label.chars().all(is_word_char);
        if bare {
            out.push_str(label);
        } else {
            out.push('"');
            for c in label.chars() {
                if c == '"' || c == '\\' {
                    out.push('\\');
                }
                out.push(c);
            }
            out.push('"');
        }
    }
    match &tree.body {
        Body::Leaf(v) => {
            if tree.label.is_some() {
                out.push(' ');
            }
            let _ = write!(out, "{v}");
        }
        Body::Inner(children) => {
            for child in children {
                if tree.label.is_some() {
                    out.push(' ');
                }
                write_into(out, child);
            }
        }
    }
    out.push(')');
}

/// Unfolded trees larger than this are refused: a 64-node DAG can stand for billions of paths.
pub const MAX_UNFOLDED: u64 = 100_000;

/// The tree a run of `depth` plies looks at from `start`, with shared positions (transpositions)
/// copied once per path. Nodes at the horizon are leaves with their static score; quiescence
/// extensions are not part of it.
pub fn unfold(graph: &Graph, start: u32, depth: u8) -> std::result::Result<Tree, String> {
    // Count first (memoised per state and remaining depth) so a huge unfolding fails fast.
    let mut memo = vec![[None::<u64>; 13]; graph.len()];
    let size = count(graph, start, depth, &mut memo);
    if size > MAX_UNFOLDED {
        return Err(format!(
            "unfolded into a tree, the {depth}-ply search from node {start} has more than {MAX_UNFOLDED} nodes; \
             export dot instead, which draws only the searched calls"
        ));
    }
    build(graph, start, depth)
}

/// `unfold` for a game computed move by move (tic-tac-toe, a uniform tree): the positions the
/// search of `depth` plies from `start` looks at, unlabelled, a finished game's utility or the
/// static score at the horizon as a leaf. The notation's root is MAX and the levels
/// alternate, which every two-player game here keeps; a root with MIN to move is refused, as
/// reading the tree back would hand the first move to the other side.
pub fn unfold_game<G: Game>(
    game: &G,
    start: G::State,
    depth: u8,
) -> std::result::Result<Tree, String> {
    if game.side(start) != crate::game::Side::Max {
        return Err(format!(
            "the s-expression notation puts MAX to move at the root and this position has {} to move; \
             export dot instead, or start from a position with MAX to move",
            game.side(start).name()
        ));
    }
    let mut left = MAX_UNFOLDED + 1;
    if !fits(game, start, depth, &mut left) {
        return Err(format!(
            "unfolded into a tree, the {depth}-ply search has more than {MAX_UNFOLDED} nodes; \
             lower --depth, or export dot instead, which draws only the searched calls"
        ));
    }
    build_game(game, start, depth)
}

/// Whether the tree below `s` has at most `left` nodes (counting down, so a huge game stops
/// after `MAX_UNFOLDED` positions instead of walking all of them).
fn fits<G: Game>(game: &G, s: G::State, depth: u8, left: &mut u64) -> bool {
    if *left == 0 {
        return false;
    }
    *left -= 1;
    let moves = game.move_count(s);
    if moves == 0 || depth == 0 {
        return true;
    }
    (0..moves).all(|i| fits(game, game.child(s, i), depth - 1, left))
}

fn build_game<G: Game>(game: &G, s: G::State, left: u8) -> std::result::Result<Tree, String> {
    let moves = game.move_count(s);
    let body = if moves == 0 {
        Body::Leaf(
            game.utility(s)
                .ok_or("a finished position has no utility")?,
        )
    } else if left == 0 {
        Body::Leaf(game.evaluate(s).ok_or_else(|| {
            "a position at the horizon has no static score, so it cannot be a leaf; raise --depth to the tree's depth".to_string()
        })?)
    } else {
        Body::Inner(
            (0..moves)
                .map(|i| build_game(game, game.child(s, i), left - 1))
                .collect::<std::result::Result<_, _>>()?,
        )
    };
    Ok(Tree { label: None, body })
}

fn count(graph: &Graph, s: u32, left: u8, memo: &mut [[Option<u64>; 13]]) -> u64 {
    if let Some(n) = memo[s as usize][left as usize] {
        return n;
    }
    let moves = graph.move_count(s);
    let n = if moves == 0 || left == 0 {
        1
    } else {
        (0..moves).fold(1u64, |acc, i| {
            acc.saturating_add(count(graph, graph.child(s, i), left - 1, memo))
                .min(MAX_UNFOLDED + 1)
        })
    };
    memo[s as usize][left as usize] = Some(n);
    n
}

fn build(graph: &Graph, s: u32, left: u8) -> std::result::Result<Tree, String> {
    let label = graph.label(s).map(str::to_string);
    let moves = graph.move_count(s);
    let body = if moves == 0 || left == 0 {
        let score = graph.score(s).ok_or_else(|| {
            format!(
                "node {} is at the horizon and has no score, so it cannot be a leaf; raise --depth",
                graph.name(s)
            )
        })?;
        Body::Leaf(score)
    } else {
        Body::Inner(
            (0..moves)
                .map(|i| build(graph, graph.child(s, i), left - 1))
                .collect::<std::result::Result<_, _>>()?,
        )
    };
    Ok(Tree { label, body })
}
