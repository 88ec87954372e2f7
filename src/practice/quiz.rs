//! The line quiz of `prune practice quiz`: each problem posed, one answer line read and
//! graded, and the progress saved at once.

use std::io::{BufRead, Write};

use super::answer;
use super::item::{Problem, Verdict};
use super::{render, store};
use crate::error::{Error, Result};

/// A line-based round on stdin and stdout. Each graded answer is added to the saved progress
/// as soon as it is graded, so an interrupted round keeps every answer already given; an
/// answer that could not be saved is said at once, and the round then ends in an error.
pub fn quiz_in_terminal(problems: &[Problem]) -> Result<()> {
    use std::io::IsTerminal;
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let screen = Screen {
        width: if stdout.is_terminal() {
            crossterm::terminal::size().map_or(Screen::DEFAULT_WIDTH, |(w, _)| usize::from(w))
        } else {
            Screen::DEFAULT_WIDTH
        },
        // Typed answers: wait for Enter after a verdict, so the next problem does not scroll
        // it away before it is read. Piped answers do not wait.
        pause: stdin.is_terminal(),
    };
    let mut out = stdout.lock();
    let mut keeper = store::Keeper::located()?;
    quiz_on(problems, &mut stdin.lock(), &mut out, &mut keeper, screen)?;
    match keeper.unsaved_note() {
        Some(note) => Err(Error::Options(note)),
        None => Ok(()),
    }
}

/// The closing line of a full-screen round: the score, and where progress was saved; an
/// error if some answers were not saved (`unsaved`: the screen's account of it).
pub fn round_closing(right: usize, asked: usize, unsaved: Option<String>) -> Result<String> {
    if let Some(why) = unsaved {
        return Err(Error::Options(format!(
            "{right} of {asked} correct, but {why}"
        )));
    }
    let saved = store::progress_path()
        .map(|p| format!("; progress saved in {}", p.display()))
        .unwrap_or_default();
    Ok(format!("{right} of {asked} correct{saved}\n"))
}

/// One trace row (with the header) for the step a verdict cites.
fn trace_row(p: &Problem, run: &str, step: u64) -> Option<String> {
    let index = p.item.runs.iter().position(|r| r.name == run)?;
    let solved = p.solve_run(index).ok()?;
    let table = super::set::run_table(&solved.rec);
    let mut lines = table.lines();
    let header = lines.next()?;
    let row = lines.find(|l| l.split_whitespace().next() == Some(&step.to_string()))?;
    Some(format!("{header}\n{row}"))
}

/// The longest answer line the line quiz reads; a longer one (or an endless one from a pipe)
/// is an error, not a line held in memory.
pub const MAX_ANSWER_LINE: usize = 4096;

/// One answer line from `input`, without its line ending; `None` at the end of the input.
fn read_answer_line(input: &mut dyn BufRead) -> Result<Option<String>> {
    use std::io::Read;
    let stdin = |source| Error::Io {
        path: "<stdin>".into(),
        source,
    };
    let mut bytes = Vec::new();
    // One byte more than allowed, to tell a full-length line from a longer one.
    input
        .take(MAX_ANSWER_LINE as u64 + 1)
        .read_until(b'\n', &mut bytes)
        .map_err(stdin)?;
    if bytes.is_empty() {
        return Ok(None);
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
    } else if bytes.len() > MAX_ANSWER_LINE {
        return Err(Error::Options(format!(
            "<stdin>: an answer line is longer than {MAX_ANSWER_LINE} bytes"
        )));
    }
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|_| Error::Options("<stdin>: an answer line is not UTF-8 text".into()))
}

/// How the line quiz lays its text out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Screen {
    /// Columns to wrap prose at, between words.
    pub width: usize,
    /// Wait for Enter after each verdict before the next problem.
    pub pause: bool,
}

impl Screen {
    /// The width when the terminal's is unknown (output to a pipe or a file).
    pub const DEFAULT_WIDTH: usize = 80;
    /// Narrower than this, wrapping would leave a word or two per line: the text is wrapped
    /// at this width and the terminal wraps the rest.
    const MIN_WIDTH: usize = 20;
}

impl Default for Screen {
    fn default() -> Screen {
        Screen {
            width: Screen::DEFAULT_WIDTH,
            pause: false,
        }
    }
}

/// `quiz_on` at 80 columns, without pauses (answers from a pipe or a test).
pub fn quiz(
    problems: &[Problem],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    keeper: &mut store::Keeper,
) -> Result<(usize, usize)> {
    quiz_on(problems, input, out, keeper, Screen::default())
}

/// A line-based round: pose each problem, read one answer line, grade it, and give it to
/// `keeper` at once (which saves it). `q` stops, `?` shows the answer without counting the
/// problem. Everything written goes through the printable-text rule: an answer is echoed in
/// verdicts and messages, and a typed or piped escape sequence must not reach the terminal.
pub fn quiz_on(
    problems: &[Problem],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    keeper: &mut store::Keeper,
    screen: Screen,
) -> Result<(usize, usize)> {
    let mut out = crate::text::Printable::new(out);
    let width = screen.width.max(Screen::MIN_WIDTH);
    let (mut right, mut asked) = (0, 0);
    for (i, p) in problems.iter().enumerate() {
        pose(&mut out, p, i, problems.len(), width)?;
        let Some(line) = read_answer(&mut out, p, input, width)? else {
            break;
        };
        if line.trim() == "q" {
            break;
        }
        if line.trim() == "?" {
            say(&mut out, "", &format!("answer: {}", p.answer()?), width - 2)?;
            continue;
        }
        let v = p.grade(&line)?;
        asked += 1;
        let saved = keeper.record(p.item.kind, v.correct);
        right += usize::from(v.correct);
        tell(&mut out, p, &v, width)?;
        if let Err(why) = saved {
            say(
                &mut out,
                "  ",
                &format!("(this answer is not saved: {why})"),
                width,
            )?;
        }
        if screen.pause && i + 1 < problems.len() && !next_or_stop(&mut out, input)? {
            break;
        }
    }
    let progress = keeper.progress();
    writeln!(
        out,
        "\n{right} of {asked} correct (streak {}, best {})",
        progress.streak, progress.best_streak
    )?;
    out.into_inner()?.flush()?;
    Ok((right, asked))
}

/// Prose wrapped between words at `width`; a continued line is indented under its first.
fn say(out: &mut dyn Write, lead: &str, text: &str, width: usize) -> Result<()> {
    let text = crate::text::one_line(text);
    writeln!(out, "{}", render::wrap_hanging(lead, &text, width))?;
    Ok(())
}

/// Problem `i` of `count`: its tree, question, settings and answer form.
fn pose(out: &mut dyn Write, p: &Problem, i: usize, count: usize, width: usize) -> Result<()> {
    writeln!(
        out,
        "── problem {} of {} ({}) ──",
        i + 1,
        count,
        p.item.kind.name()
    )?;
    writeln!(out, "{}\n{}", p.tree_text(), p.prompt(width))?;
    Ok(())
}

/// The learner's line for `p`: an answer of its form, `q` or `?`; `None` at the end of the
/// input. A line that is not an answer of the problem's form is not a wrong answer: say what
/// is expected and ask again, as the full-screen round does.
fn read_answer(
    out: &mut dyn Write,
    p: &Problem,
    input: &mut dyn BufRead,
    width: usize,
) -> Result<Option<String>> {
    loop {
        write!(out, "> ")?;
        out.flush()?;
        let Some(line) = read_answer_line(input)? else {
            return Ok(None);
        };
        match line.trim() {
            "q" | "?" => return Ok(Some(line)),
            _ => match answer::Answer::parse(p.item.kind, &line) {
                Ok(_) => return Ok(Some(line)),
                Err(e) => say(
                    out,
                    "",
                    &format!("not read (not counted): {e}; try again"),
                    width - 2,
                )?,
            },
        }
    }
}

/// The verdict on an answer: what is wrong, the right answer and the trace row that shows it.
/// What is said right after an answer follows the "> " of the prompt when the answer came
/// from a pipe (a typed one ends its line itself), so it wraps 2 columns narrower.
fn tell(out: &mut dyn Write, p: &Problem, v: &Verdict, width: usize) -> Result<()> {
    if v.correct {
        writeln!(out, "✓ correct")?;
        return Ok(());
    }
    let at = v
        .node
        .as_ref()
        .map(|n| format!(" at {n}"))
        .unwrap_or_default();
    say(out, "", &format!("✗ wrong{at}: {}", v.why), width - 2)?;
    say(out, "  ", &format!("answer: {}", v.expected), width)?;
    if let Some(row) = v.step.and_then(|s| trace_row(p, &v.run, s)) {
        writeln!(out, "{row}")?;
    }
    Ok(())
}

/// Waits for Enter after a verdict; whether the round goes on (not `q`, not the end of the
/// input).
fn next_or_stop(out: &mut dyn Write, input: &mut dyn BufRead) -> Result<bool> {
    write!(out, "Enter: next problem, q: stop ")?;
    out.flush()?;
    Ok(match read_answer_line(input)? {
        Some(l) => l.trim() != "q",
        None => false,
    })
}
