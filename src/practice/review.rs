//! Spaced review of the practice kinds a student gets wrong: a Leitner scheme kept in the
//! progress file.
//!
//! - A kind answered wrong goes to box 1 and is due the next day.
//! - A kind in box k answered right on or after its due day moves to box k + 1 and is due
//!   `INTERVALS[k]` days later (boxes 1..5: 1, 2, 4, 8 and 16 days). Right in box 5, it has
//!   been learnt and leaves the review. A right answer before the due day changes nothing:
//!   only a review at the spaced time counts.
//! - A kind never answered wrong is never scheduled.
//!
//! `prune practice` with no arguments asks the kinds due today (`due`). Today is the system
//! clock's date (UTC), or `PRUNE_TODAY=YYYY-MM-DD` when that is set (tests, and a teacher
//! preparing a class, use it).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

/// Days until the next review for a kind in box 1, 2, 3, 4, 5.
pub const INTERVALS: [i64; 5] = [1, 2, 4, 8, 16];

/// The variable that sets today's date instead of the clock.
pub const TODAY_VAR: &str = "PRUNE_TODAY";

/// A calendar day, counted from 1970-01-01.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Day(pub i64);

impl Day {
    /// `YYYY-MM-DD` (a real date of the Gregorian calendar).
    pub fn parse(text: &str) -> Option<Day> {
        let mut parts = text.split('-');
        let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
        if parts.next().is_some() || y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return None;
        }
        let (y, m, d): (i64, u32, u32) = (y.parse().ok()?, m.parse().ok()?, d.parse().ok()?);
        let day = Day::from_civil(y, m, d);
        (day.civil() == (y, m, d)).then_some(day)
    }

    /// The day of a date (months and days past their end roll over; `parse` refuses them).
    fn from_civil(y: i64, m: u32, d: u32) -> Day {
        // Howard Hinnant's days_from_civil: years start in March, so leap days come last.
        let y = if m <= 2 { y - 1 } else { y };
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let mp = (i64::from(m) + 9) % 12;
        let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        Day(era * 146_097 + doe - 719_468)
    }

    /// The date of the day: (year, month, day).
    pub fn civil(self) -> (i64, u32, u32) {
        let z = self.0 + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        (
            if m <= 2 {
                era * 400 + yoe + 1
            } else {
                era * 400 + yoe
            },
            m,
            d,
        )
    }

    pub fn text(self) -> String {
        let (y, m, d) = self.civil();
        format!("{y:04}-{m:02}-{d:02}")
    }

    /// Today: `PRUNE_TODAY` when set (an error names it when it is not a date), else the
    /// system clock's date in UTC.
    /// A day whose reviews (up to the last interval later) fall past `Day::LAST` is refused:
    /// their due dates could not be written.
    pub fn today() -> Result<Day> {
        match std::env::var(TODAY_VAR) {
            Ok(text) if !text.is_empty() => {
                let day = Day::parse(text.trim()).ok_or_else(|| {
                    Error::Options(format!(
                        "{TODAY_VAR}='{}': not a date; write it as YYYY-MM-DD",
                        crate::text::one_line(&crate::text::cut(&text))
                    ))
                })?;
                if day > Day::latest_today() {
                    return Err(Error::Options(format!(
                        "{TODAY_VAR}='{}': too late: a review may be due {} days later, and dates end at {}; give {} or earlier",
                        crate::text::one_line(&crate::text::cut(&text)),
                        INTERVALS[INTERVALS.len() - 1],
                        Day::last().text(),
                        Day::latest_today().text()
                    )));
                }
                Ok(day)
            }
            _ => Ok(Day::clock()),
        }
    }

    /// The last day a date of four digits can write: 9999-12-31.
    pub fn last() -> Day {
        Day::from_civil(9999, 12, 31)
    }

    /// The last today whose reviews all fall on or before `Day::last`.
    pub fn latest_today() -> Day {
        Day(Day::last().0 - INTERVALS[INTERVALS.len() - 1])
    }

    /// The system clock's date (UTC).
    pub fn clock() -> Day {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        Day(secs.div_euclid(86_400))
    }
}

/// A kind under review: its Leitner box (1..=5) and the day it is due.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    #[serde(rename = "box")]
    pub level: u8,
    /// `YYYY-MM-DD`.
    pub due: String,
}

impl Card {
    pub fn due_day(&self) -> Option<Day> {
        Day::parse(&self.due)
    }

    /// What a progress file's card must be; the reason when it is not.
    pub fn problem(&self) -> Option<String> {
        if !(1..=5).contains(&self.level) {
            return Some(format!("box {} is not one of 1 to 5", self.level));
        }
        if self.due_day().is_none() {
            return Some(format!(
                "due '{}' is not a date (YYYY-MM-DD)",
                crate::text::one_line(&crate::text::cut(&self.due))
            ));
        }
        None
    }
}

/// Every kind under review, by its name.
pub type Schedule = BTreeMap<String, Card>;

/// Moves `kind` by one graded answer on `today` (see the module's rules).
pub fn answer(schedule: &mut Schedule, kind: &str, correct: bool, today: Day) {
    // Never past the last day a date can be written on (`Day::today` refuses such a today).
    let due = |level: u8| Day((today.0 + INTERVALS[level as usize - 1]).min(Day::last().0)).text();
    if !correct {
        schedule.insert(
            kind.to_string(),
            Card {
                level: 1,
                due: due(1),
            },
        );
        return;
    }
    let Some(card) = schedule.get_mut(kind) else {
        return;
    };
    if card.due_day().is_some_and(|d| d > today) {
        return;
    }
    if card.level >= 5 {
        schedule.remove(kind);
        return;
    }
    card.level += 1;
    card.due = due(card.level);
}

/// What is due on `today`, and what comes next after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Due {
    /// The kinds due today or overdue, by name.
    pub now: Vec<String>,
    /// The next kinds due after today, and in how many days.
    pub next: Option<(Vec<String>, i64)>,
}

pub fn due(schedule: &Schedule, today: Day) -> Due {
    let mut now = Vec::new();
    let mut next: Option<(Vec<String>, i64)> = None;
    for (kind, card) in schedule {
        let Some(day) = card.due_day() else { continue };
        let days = day.0 - today.0;
        if days <= 0 {
            now.push(kind.clone());
            continue;
        }
        match &mut next {
            Some((kinds, d)) if *d == days => kinds.push(kind.clone()),
            Some((_, d)) if *d < days => {}
            _ => next = Some((vec![kind.clone()], days)),
        }
    }
    Due { now, next }
}

impl Due {
    /// "3 kinds due today: window, flag, chance-value; next: cutoff in 2 days".
    /// Names are shown escaped and cut (`crate::text::one_line`): they come from a file.
    pub fn line(&self) -> String {
        let names = |kinds: &[String]| {
            let shown: Vec<String> = (kinds.iter())
                .map(|k| crate::text::one_line(&crate::text::cut(k)).into_owned())
                .collect();
            shown.join(", ")
        };
        let next = match &self.next {
            Some((kinds, days)) => format!(
                "next: {} in {}",
                names(kinds),
                crate::text::counted(*days as u64, "day", "days")
            ),
            None if self.now.is_empty() => {
                return "No kinds are scheduled for review: a kind answered wrong is due the next day.".into();
            }
            None => "nothing else is scheduled".into(),
        };
        if self.now.is_empty() {
            return format!("Nothing is due for review today; {next}.");
        }
        format!(
            "{} due today: {}; {next}.",
            crate::text::counted(self.now.len() as u64, "kind", "kinds"),
            names(&self.now)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 35, item 10: a wrong answer on 9999-12-30 was due "10000-01-01", which no date
    /// reads back; the due day stops at 9999-12-31, and a today later than 16 days before it
    /// is refused.
    #[test]
    fn no_due_date_is_written_past_9999() {
        let late = Day::parse("9999-12-30").unwrap();
        let mut schedule = Schedule::new();
        answer(&mut schedule, "window", false, late);
        assert_eq!(schedule["window"].due, "9999-12-31");
        assert!(schedule["window"].problem().is_none());
        assert_eq!(Day::latest_today().text(), "9999-12-15");
        // Every box's interval from the latest today is a date that reads back.
        for days in INTERVALS {
            let due = Day(Day::latest_today().0 + days);
            assert_eq!(Day::parse(&due.text()), Some(due));
        }
    }
}
