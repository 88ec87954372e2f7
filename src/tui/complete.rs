//! Tab completion of what the `O` prompt opens: built-in lesson names, and the `*.json` files
//! (and directories, to go on into) of the directory typed so far. Tab completes as far as
//! every candidate agrees, then steps through them; the prompt shows them meanwhile.

use std::path::Path;

/// At most this many directory entries are looked at, so a huge directory costs a bounded
/// pause instead of freezing the prompt.
const MAX_ENTRIES: usize = 10_000;

/// The candidates for what is typed and which one the line holds now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    /// What the candidates complete (the line before Tab stepped through them).
    pub typed: String,
    pub candidates: Vec<String>,
    /// The candidate the line was set to, once Tab steps through them.
    pub chosen: Option<usize>,
}

impl Completion {
    /// Tab (forward) or Shift-Tab on the line `text`, given the completion still on screen:
    /// the new line, and the completion to show with it.
    pub fn tab(current: Option<Completion>, text: &str, forward: bool) -> (String, Completion) {
        // Still stepping through the same candidates: the line is the one Tab put there.
        if let Some(mut c) = current.filter(|c| c.line() == text && !c.candidates.is_empty()) {
            let n = c.candidates.len();
            let next = match (c.chosen, forward) {
                (None, true) => 0,
                (None, false) => n - 1,
                (Some(i), true) => (i + 1) % n,
                (Some(i), false) => (i + n - 1) % n,
            };
            c.chosen = Some(next);
            return (c.candidates[next].clone(), c);
        }
        let candidates = candidates(text);
        let common = common_prefix(&candidates);
        let mut c = Completion {
            typed: text.to_string(),
            candidates,
            chosen: None,
        };
        match c.candidates.len() {
            0 => (text.to_string(), c),
            1 => {
                c.chosen = Some(0);
                (c.candidates[0].clone(), c)
            }
            // The part every candidate shares comes first; the next Tab steps through them.
            _ if common.chars().count() > text.chars().count() => {
                c.typed = common.clone();
                (common, c)
            }
            _ => {
                c.chosen = Some(if forward { 0 } else { c.candidates.len() - 1 });
                let line = c.candidates[c.chosen.unwrap_or(0)].clone();
                (line, c)
            }
        }
    }

    /// The line this completion left in the prompt.
    pub fn line(&self) -> &str {
        match self.chosen {
            Some(i) => &self.candidates[i],
            None => &self.typed,
        }
    }

    /// How a candidate is listed: a file or directory by its own name (the directory it is
    /// in is already on the line).
    pub fn shown(candidate: &str) -> &str {
        let trimmed = candidate.strip_suffix('/').unwrap_or(candidate);
        match trimmed.rfind('/') {
            Some(i) => &candidate[i + 1..],
            None => candidate,
        }
    }
}

/// Everything `typed` can be completed to, sorted: the built-in lessons whose names start with
/// it, then the `*.json` files and the directories in the directory it names.
pub fn candidates(typed: &str) -> Vec<String> {
    let mut out: Vec<String> = if typed.contains('/') {
        Vec::new()
    } else {
        crate::lesson::builtin_names()
            .into_iter()
            .filter(|n| n.starts_with(typed))
            .map(str::to_string)
            .collect()
    };
    let mut files = files(typed);
    files.sort();
    out.extend(files);
    out.dedup();
    out
}

/// The files and directories that complete `typed` as a path.
fn files(typed: &str) -> Vec<String> {
    let (dir, prefix) = match typed.rfind('/') {
        Some(i) => (&typed[..=i], &typed[i + 1..]),
        None => ("", typed),
    };
    let Ok(entries) = std::fs::read_dir(if dir.is_empty() {
        Path::new(".")
    } else {
        Path::new(dir)
    }) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for entry in entries.take(MAX_ENTRIES).flatten() {
        // A name that is not UTF-8, or holds control text, cannot be typed or shown.
        let Ok(name) = entry.file_name().into_string() else {
            continue;
        };
        if name.chars().any(crate::text::is_control_text) || !name.starts_with(prefix) {
            continue;
        }
        // Hidden entries only when asked for, as shells do.
        if name.starts_with('.') && !prefix.starts_with('.') {
            continue;
        }
        // Followed through symbolic links: a link to a lesson directory is one to go into.
        let is_dir = std::fs::metadata(entry.path()).is_ok_and(|m| m.is_dir());
        if is_dir {
            out.push(format!("{dir}{name}/"));
        } else if name.ends_with(".json") {
            out.push(format!("{dir}{name}"));
        }
    }
    out
}

fn common_prefix(words: &[String]) -> String {
    let Some(first) = words.first() else {
        return String::new();
    };
    let mut end = first.len();
    for w in &words[1..] {
        end = first
            .char_indices()
            .zip(w.chars())
            .take_while(|((_, a), b)| a == b)
            .last()
            .map_or(0, |((i, a), _)| i + a.len_utf8())
            .min(end);
    }
    first[..end].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn builtins_starting(p: &str) -> Vec<String> {
        crate::lesson::builtin_names()
            .into_iter()
            .filter(|n| n.starts_with(p))
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn one_builtin_completes_at_once() {
        let want = builtins_starting("000-w");
        assert_eq!(want.len(), 1, "one built-in starts with 000-w");
        let (line, c) = Completion::tab(None, "000-w", true);
        assert_eq!(line, want[0]);
        assert_eq!(c.chosen, Some(0));
    }

    #[test]
    fn several_complete_to_what_they_share_then_cycle() {
        let want = builtins_starting("000-t");
        assert!(want.len() >= 2, "{want:?}");
        let (line, c) = Completion::tab(None, "000-t", true);
        // Every 000-t… lesson shares at least "000-t"; Tab either extends it or steps in.
        let first = if c.chosen.is_none() {
            assert!(line.len() > "000-t".len());
            let (next, c2) = Completion::tab(Some(c), &line, true);
            assert_eq!(c2.chosen, Some(0));
            (next, c2)
        } else {
            (line, c)
        };
        assert_eq!(first.0, first.1.candidates[0]);
        let (second, c) = Completion::tab(Some(first.1), &first.0, true);
        assert_eq!(c.chosen, Some(1));
        assert_eq!(second, c.candidates[1]);
        // Shift-Tab steps back; past the first it wraps to the last.
        let (back, c) = Completion::tab(Some(c), &second, false);
        assert_eq!(back, c.candidates[0]);
        let (wrap, c) = Completion::tab(Some(c), &back, false);
        assert_eq!(wrap, *c.candidates.last().unwrap());
    }

    #[test]
    fn an_edited_line_starts_afresh() {
        let (line, c) = Completion::tab(None, "000-w", true);
        let (_, c2) = Completion::tab(Some(c), &format!("{line}x"), true);
        assert!(c2.candidates.is_empty(), "{:?}", c2.candidates);
    }

    #[test]
    fn paths_list_json_files_and_directories() {
        let dir = std::env::temp_dir().join(format!("prune-complete-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        for f in ["a.json", "ab.json", "notes.txt", ".hidden.json"] {
            std::fs::write(dir.join(f), "{}").unwrap();
        }
        let base = format!("{}/", dir.display());
        let all = candidates(&base);
        assert_eq!(
            all,
            vec![
                format!("{base}a.json"),
                format!("{base}ab.json"),
                format!("{base}sub/")
            ]
        );
        let (line, c) = Completion::tab(None, &format!("{base}a"), true);
        // a.json and ab.json share no more than the typed "a": Tab steps to the first.
        assert_eq!(line, format!("{base}a.json"));
        assert_eq!(c.chosen, Some(0));
        assert_eq!(Completion::shown(&c.candidates[1]), "ab.json");
        assert_eq!(Completion::shown(&format!("{base}sub/")), "sub/");
        assert_eq!(
            candidates(&format!("{base}.h")),
            vec![format!("{base}.hidden.json")]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn nothing_matches() {
        let (line, c) = Completion::tab(None, "/no/such/dir/x", true);
        assert_eq!(line, "/no/such/dir/x");
        assert!(c.candidates.is_empty());
    }

    #[test]
    fn common_prefix_stops_at_a_character() {
        let w = vec!["αβx".to_string(), "αβy".to_string(), "αγ".to_string()];
        assert_eq!(common_prefix(&w), "α");
    }
}
