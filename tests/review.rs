//! Spaced review (issue 24.5): the Leitner schedule the progress file keeps, checked against
//! an oracle written here on thousands of generated answer sequences; old progress files;
//! and `prune practice` with no arguments on an injected date (`PRUNE_TODAY`).

mod common;

use std::collections::BTreeMap;
use std::process::Stdio;

use prune::practice::Kind;
use prune::practice::review::{Day, due};
use prune::practice::store::Progress;
use prune::rng::Rng;

/// A fresh directory of this test's own.
fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("prune-review-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The scheme as the README states it, with days as plain numbers: wrong → box 1, due
/// tomorrow; right when due → next box, due 1, 2, 4, 8, 16 days on by box; right in box 5
/// when due → learnt (gone); right before the due day → nothing; never wrong → never there.
#[derive(Default)]
struct Oracle(BTreeMap<&'static str, (u8, i64)>);

impl Oracle {
    fn answer(&mut self, kind: &'static str, correct: bool, today: i64) {
        let gap = |b: u8| [0, 1, 2, 4, 8, 16][b as usize];
        if !correct {
            self.0.insert(kind, (1, today + 1));
            return;
        }
        if let Some(&(b, due)) = self.0.get(kind) {
            if due > today {
                return;
            }
            if b == 5 {
                self.0.remove(kind);
            } else {
                self.0.insert(kind, (b + 1, today + gap(b + 1)));
            }
        }
    }
}

#[test]
fn the_schedule_follows_the_leitner_boxes() {
    let mut rng = Rng::new(24);
    for _ in 0..3000 {
        let mut progress = Progress::default();
        let mut oracle = Oracle::default();
        let mut today = 20_000 + rng.below(1000) as i64;
        for _ in 0..rng.below(60) {
            today += rng.below(6) as i64;
            let kind = Kind::ALL[rng.below(4)];
            // Mostly right, as a student who is learning.
            let correct = rng.below(4) != 0;
            progress.record_on(kind, correct, Day(today));
            oracle.answer(kind.name(), correct, today);
        }
        let got: BTreeMap<&str, (u8, i64)> = (progress.review.iter())
            .map(|(k, c)| (k.as_str(), (c.level, c.due_day().unwrap().0)))
            .collect();
        assert_eq!(got, oracle.0);
        // What is due: every kind due today or before; next: the earliest later day.
        let d = due(&progress.review, Day(today));
        let now: Vec<&str> = (oracle.0.iter())
            .filter(|(_, (_, due))| *due <= today)
            .map(|(k, _)| *k)
            .collect();
        assert_eq!(d.now, now);
        let soonest = oracle.0.values().map(|v| v.1).filter(|&v| v > today).min();
        assert_eq!(d.next.as_ref().map(|n| n.1), soonest.map(|s| s - today));
    }
}

#[test]
fn the_due_line_says_what_is_due_and_when_the_next_review_is() {
    let mut p = Progress::default();
    let day = |s: &str| Day::parse(s).unwrap();
    p.record_on(Kind::Window, false, day("2026-12-01"));
    p.record_on(Kind::Flag, false, day("2026-12-01"));
    p.record_on(Kind::ChanceValue, false, day("2026-12-02"));
    p.record_on(Kind::Leaves, false, day("2026-12-04"));
    // Leaves is due 2026-12-05; right then, it moves to box 2 and is due 2 days later.
    p.record_on(Kind::Leaves, true, day("2026-12-05"));
    assert_eq!(p.review["leaves"].level, 2);
    assert_eq!(p.review["leaves"].due, "2026-12-07");
    let line = due(&p.review, day("2026-12-05")).line();
    assert_eq!(
        line,
        "3 kinds due today: chance-value, flag, window; next: leaves in 2 days."
    );
    assert_eq!(
        due(&p.review, day("2026-12-01")).line(),
        "Nothing is due for review today; next: flag, window in 1 day."
    );
    assert_eq!(
        due(&Default::default(), day("2026-12-01")).line(),
        "No kinds are scheduled for review: a kind answered wrong is due the next day."
    );
}

#[test]
fn a_progress_file_written_before_the_review_still_loads_and_is_written_the_same() {
    let dir = temp("old");
    let path = dir.join("progress.json");
    let old = r#"{"attempts":3,"correct":2,"streak":1,"best_streak":2,"by_kind":{"window":{"attempts":3,"correct":2}}}"#;
    std::fs::write(&path, old).unwrap();
    let p = Progress::load_from(&path).unwrap();
    assert!(p.review.is_empty());
    assert_eq!(serde_json::to_string(&p).unwrap(), old);
    // A broken card is refused with its kind and the rule.
    let bad = r#"{"attempts":0,"correct":0,"streak":0,"best_streak":0,"by_kind":{},"review":{"flag":{"box":7,"due":"2026-12-01"}}}"#;
    std::fs::write(&path, bad).unwrap();
    let e = Progress::load_from(&path).unwrap_err().to_string();
    assert!(
        e.contains("review 'flag': box 7 is not one of 1 to 5"),
        "{e}"
    );
}

/// `prune practice` alone, on an injected date, with its progress in a directory of its own.
fn practice_alone(dir: &std::path::Path, today: &str) -> (Option<i32>, String, String) {
    let out = common::prune()
        .arg("practice")
        .env("PRUNE_DATA_DIR", dir)
        .env("PRUNE_TODAY", today)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn practice_alone_starts_the_review_due_today() {
    let dir = temp("alone");
    let file = r#"{"attempts":4,"correct":0,"streak":0,"best_streak":0,"by_kind":{},"review":{"window":{"box":1,"due":"2026-12-04"},"flag":{"box":2,"due":"2026-12-03"},"leaves":{"box":3,"due":"2026-12-07"}}}"#;
    std::fs::write(dir.join("progress.json"), file).unwrap();
    let (code, out, err) = practice_alone(&dir, "2026-12-04");
    assert_eq!(code, Some(0), "{err}");
    let first = out.lines().next().unwrap();
    assert_eq!(
        first,
        "2 kinds due today: flag, window; next: leaves in 3 days."
    );
    // Two problems of each kind due are posed (no answer is typed: the round ends).
    assert!(out.contains("── problem 1 of 4 ("), "{out}");
    // Nothing was answered, so the schedule after it is the same.
    assert!(
        out.ends_with("Review: 2 kinds due today: flag, window; next: leaves in 3 days.\n"),
        "{out}"
    );
    // Two days before, nothing is due yet; a date that is not one is refused.
    let (_, out, _) = practice_alone(&dir, "2026-12-02");
    assert_eq!(
        out,
        "Nothing is due for review today; next: flag in 1 day.\n"
    );
    let (code, _, err) = practice_alone(&dir, "2026-13-01");
    assert_eq!(code, Some(2));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("PRUNE_TODAY='2026-13-01': not a date"),
        "{err}"
    );
}

#[test]
fn dates_read_and_write_as_the_calendar_has_them() {
    assert_eq!(Day::parse("1970-01-01"), Some(Day(0)));
    assert_eq!(Day::parse("2000-03-01"), Some(Day(11_017)));
    assert_eq!(
        Day::parse("2024-02-29").map(Day::text).as_deref(),
        Some("2024-02-29")
    );
    for bad in [
        "2023-02-29",
        "2026-13-01",
        "2026-1-01",
        "26-01-01",
        "",
        "2026-01-01-1",
    ] {
        assert_eq!(Day::parse(bad), None, "{bad}");
    }
    // Against a day-by-day walk of the calendar written here, over four centuries.
    let mut day = Day::parse("1900-01-01").unwrap().0;
    for y in 1900..2300i64 {
        let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
        let lengths = [
            31,
            if leap { 29 } else { 28 },
            31,
            30,
            31,
            30,
            31,
            31,
            30,
            31,
            30,
            31,
        ];
        for (m, &len) in lengths.iter().enumerate() {
            for d in 1..=len {
                let text = format!("{y:04}-{:02}-{d:02}", m + 1);
                assert_eq!(Day::parse(&text), Some(Day(day)), "{text}");
                assert_eq!(Day(day).text(), text);
                day += 1;
            }
        }
    }
}
