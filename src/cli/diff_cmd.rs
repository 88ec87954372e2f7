//! `prune diff`: two runs recorded (or read from saved traces), compared node by node.

use clap::Parser;

use super::args::{DiffArgs, DiffSide};
use crate::diff::{Diff, text};
use crate::error::{Error, Result};
use crate::index::Recorded;

pub fn command(args: &DiffArgs) -> Result<String> {
    let (a, b) = runs(args)?;
    // Values are compared as the traces hold them, so both must count the same units.
    let scale = a.trace.header.scale;
    if b.trace.header.scale != scale {
        return Err(Error::Options(format!(
            "the two runs count values in different units (1/{scale} and 1/{}): diff runs of the same graph",
            b.trace.header.scale
        )));
    }
    // A sampling run has no calls to match: the two runs side by side at the root.
    if a.options().family().samples() || b.options().family().samples() {
        let beside = crate::diff::monte::Beside::of(&a, &b).map_err(Error::Options)?;
        return Ok(if args.json {
            beside.to_json()
        } else {
            beside.text()
        });
    }
    let diff = Diff::of(&a, &b, args.pass).map_err(Error::Options)?;
    Ok(if args.json {
        diff.to_json()
    } else {
        text::render(&diff)
    })
}

/// The two recorded runs the arguments name.
fn runs(args: &DiffArgs) -> Result<(Recorded, Recorded)> {
    if !args.trace.is_empty() {
        let [a, b] = args.trace.as_slice() else {
            return Err(Error::Options(format!(
                "--trace was given {} time{}; give it twice: run A's saved trace, then run B's",
                args.trace.len(),
                if args.trace.len() == 1 { "" } else { "s" }
            )));
        };
        return Ok((Recorded::load(a)?, Recorded::load(b)?));
    }
    let file = args.file.as_deref().unwrap_or("");
    if super::source::saved_trace(file) {
        return Err(Error::Options(format!(
            "{}: this is a saved trace; compare two saved traces with --trace A --trace B",
            crate::text::cut(file)
        )));
    }
    let (run_a, run_b) = match args.run.as_slice() {
        [] => (None, None),
        [one] => (Some(one), Some(one)),
        [a, b] => (Some(a), Some(b)),
        more => {
            return Err(Error::Options(format!(
                "--run was given {} times; give it once (both runs) or twice (run A, then run B)",
                more.len()
            )));
        }
    };
    let a = side(file, run_a, args.a.as_deref(), "--a")?;
    let b = side(file, run_b, args.b.as_deref(), "--b")?;
    Ok((a, b))
}

/// One run: FILE, its preset, and the options written as `key=value` words.
fn side(file: &str, run: Option<&String>, options: Option<&str>, flag: &str) -> Result<Recorded> {
    let mut argv = vec![file.to_string()];
    if let Some(r) = run {
        argv.push(format!("--run={r}"));
    }
    let words = crate::text::cut(options.unwrap_or(""));
    for word in options.unwrap_or("").split_whitespace() {
        // `depth=3` is `--depth=3`; a word already written as a flag is taken as it is.
        if !word.starts_with("--") && !word.contains('=') {
            return Err(Error::Options(format!(
                "{flag} \"{words}\": '{}' is not a key=value word; write run options as key=value words, e.g. {flag} \"depth=3 ordering=on\"",
                crate::text::cut(word)
            )));
        }
        argv.push(if word.starts_with("--") {
            word.to_string()
        } else {
            format!("--{word}")
        });
    }
    let parsed = DiffSide::try_parse_from(&argv).map_err(|e| {
        Error::Options(format!(
            "{flag} \"{words}\": {}; write run options as key=value words, e.g. {flag} \"depth=3 ordering=on\"",
            in_words(&e)
        ))
    })?;
    // A value the run refuses is named by the key the user wrote, as clap's errors are.
    let (_, rec) = parsed.run.recorded().map_err(|e| match e {
        Error::Options(m) if options.is_some() => {
            Error::Options(format!("{flag} \"{words}\": {}", keys_for_flags(&m)))
        }
        e => e,
    })?;
    Ok(rec)
}

/// A parse error of `--a` / `--b` in the words the user wrote: the key, not the flag the words
/// were turned into (`dept=2` is "'dept' is not a run option", never "--dept").
fn in_words(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let context = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        Some(ContextValue::Strings(v)) => v.first().cloned(),
        _ => None,
    };
    if e.kind() == ErrorKind::UnknownArgument
        && let Some(arg) = context(ContextKind::InvalidArg)
    {
        let key = arg.trim_start_matches('-');
        let key = key.split_once('=').map_or(key, |(k, _)| k);
        // clap offers the closest flag however far it is (`--c` for "colour"): a suggestion
        // whose length is far from the word's is no spelling of it.
        let close = |s: &String| key_of(s).len().abs_diff(key.len()) <= 2;
        let hint = match context(ContextKind::SuggestedArg).filter(close) {
            Some(s) => format!("did you mean {}?", key_of(&s)),
            None => format!("the keys are {}", run_keys().join(", ")),
        };
        return format!("'{}' is not a run option ({hint})", crate::text::cut(key));
    }
    let rendered = e.render().to_string();
    let first = rendered.lines().next().unwrap_or("").trim();
    let first = first.strip_prefix("error: ").unwrap_or(first);
    keys_for_flags(first)
}

/// `--depth <DEPTH>` or `--depth` as the key the user writes: `depth`.
fn key_of(flag: &str) -> String {
    let flag = flag.trim_start_matches('-');
    flag.split([' ', '=']).next().unwrap_or(flag).to_string()
}

/// A clap message with every quoted flag (`'--depth <DEPTH>'`) named by its key (`'depth'`).
fn keys_for_flags(message: &str) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(at) = rest.find("'--") {
        out.push_str(&rest[..at + 1]);
        let after = &rest[at + 1..];
        let end = after.find('\'').unwrap_or(after.len());
        out.push_str(&key_of(&after[..end]));
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// The run options `--a` and `--b` take, by key.
fn run_keys() -> Vec<String> {
    use clap::CommandFactory;
    DiffSide::command()
        .get_arguments()
        .filter_map(|a| a.get_long())
        .filter(|l| *l != "help")
        .map(str::to_string)
        .collect()
}
