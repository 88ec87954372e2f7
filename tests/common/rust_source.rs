//! Reading the crate's own Rust source as text, for the tests that check its shape
//! (`module_graph.rs`, `structure.rs`): the files under `src/`, the code with comments and
//! literals blanked out, and its tokens with their line numbers.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The crate's `src/` directory.
pub fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`, in sorted order.
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.expect("a directory entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|x| x == "rs") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, &mut out);
    out
}

/// A source file: its path relative to the crate (`src/a/b.rs`) and its text.
pub struct SourceFile {
    pub name: String,
    pub text: String,
}

/// Every `.rs` file under `src/`, named relative to the crate.
pub fn source_files() -> Vec<SourceFile> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    rust_files(&src_dir())
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let name = path
                .strip_prefix(root)
                .expect("a file under the crate")
                .to_string_lossy()
                .replace('\\', "/");
            SourceFile { name, text }
        })
        .collect()
}

pub fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// `code` with every comment, string literal and character literal blanked out: each of
/// their characters becomes a space, except line breaks, so lines and columns keep their
/// places. Lifetimes (`'a`) are code.
pub fn strip(code: &str) -> String {
    let c: Vec<char> = code.chars().collect();
    let at = |i: usize| c.get(i).copied().unwrap_or('\0');
    let mut out = String::with_capacity(code.len());
    let blank = |out: &mut String, from: usize, to: usize| {
        for &ch in &c[from..to.min(c.len())] {
            out.push(if ch == '\n' { '\n' } else { ' ' });
        }
    };
    let mut i = 0;
    while i < c.len() {
        let start = i;
        let starts_token = i == 0 || !is_ident(c[i - 1]);
        if c[i] == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
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
        } else if c[i] == '"' {
            i += 1;
            while i < c.len() && c[i] != '"' {
                i += if c[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
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
            while at(i) == '#' {
                hashes += 1;
                i += 1;
            }
            i += 1;
            while i < c.len() && !(c[i] == '"' && (1..=hashes).all(|h| at(i + h) == '#')) {
                i += 1;
            }
            i += 1 + hashes;
        } else if c[i] == '\'' && at(i + 1) == '\\' {
            // An escaped character literal such as '\n', '\'' or '\u{1F600}'.
            i += 3;
            while i < c.len() && c[i] != '\'' {
                i += 1;
            }
            i += 1;
        } else if c[i] == '\'' && at(i + 2) == '\'' {
            i += 3;
        } else {
            out.push(c[i]);
            i += 1;
            continue;
        }
        blank(&mut out, start, i);
    }
    out
}

/// A token of stripped code and the line (from 1) it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub text: String,
    pub line: usize,
}

impl Token {
    pub fn is(&self, text: &str) -> bool {
        self.text == text
    }

    pub fn is_ident(&self) -> bool {
        self.text
            .chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_')
    }
}

/// Identifiers (and numbers), the operators `::`, `==`, `!=`, `->`, `=>`, and every other
/// non-space character on its own.
pub fn tokens(stripped: &str) -> Vec<Token> {
    let c: Vec<char> = stripped.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < c.len() {
        if c[i] == '\n' {
            line += 1;
            i += 1;
        } else if c[i].is_whitespace() {
            i += 1;
        } else if is_ident(c[i]) {
            let start = i;
            while i < c.len() && is_ident(c[i]) {
                i += 1;
            }
            out.push(Token {
                text: c[start..i].iter().collect(),
                line,
            });
        } else {
            let pair: String = c[i..(i + 2).min(c.len())].iter().collect();
            let width = if ["::", "==", "!=", "->", "=>"].contains(&pair.as_str()) {
                2
            } else {
                1
            };
            out.push(Token {
                text: c[i..i + width].iter().collect(),
                line,
            });
            i += width;
        }
    }
    out
}

/// The tokens of a file's code (comments and literals left out).
pub fn code_tokens(text: &str) -> Vec<Token> {
    tokens(&strip(text))
}
