//! Demo scripts: named lists of steps an instructor advances one key at a time (issue 14).
//! Each step names something the tutor already does (a jump, a toggle, a preset, a
//! comparison) or something to say; the tutor carries them out with its own actions, so a
//! demo can show nothing the keys could not.
//!
//! In a lesson file:
//!
//! ```json
//! "demos": [{"name": "cutoffs", "run": "worked", "steps": [
//!   {"say": "MAX has three moves."}, {"go": "cutoff"}, {"pause": true},
//!   {"ask": "Which leaf is skipped next?", "reveal": "go cutoff"},
//!   {"toggle": "ordering"}, {"compare": "algorithm"}, {"preset": "ordered"}, {"go": "end"}
//! ]}]
//! ```
//!
//! `go` takes `cutoff`, `hit`, `store`, `pass`, `re-search`, `attempt`, and on a Monte Carlo
//! run `iteration` and `phase` (the next one after the current step), `start`,
//! `end`, `call N` or `step N`. A `reveal` is one more step written as a line: `go cutoff`,
//! `toggle table`, `compare ordering`, `preset NAME` or `say TEXT`. `toggle c` sets a Monte
//! Carlo run's next exploration constant C (the `E` key), and `compare algorithm` on such a
//! run puts alpha-beta beside it.

use std::fmt;

use serde::{Deserialize, Serialize};

/// One named demo of a lesson.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DemoSpec {
    pub name: String,
    /// The preset it starts on (default: the lesson's first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run: Option<String>,
    pub steps: Vec<Step>,
}

/// One step of a demo.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawStep", into = "RawStep")]
pub enum Step {
    Go(Target),
    Say(String),
    /// Stop here (and stop playback) while the instructor talks.
    Pause,
    Toggle(Setting),
    Preset(String),
    Compare(Setting),
    /// A question on screen; the next key carries out `reveal`, which shows the answer.
    Ask {
        question: String,
        reveal: Box<Step>,
    },
}

/// Where a `go` step moves: the next landmark of a kind, or a fixed place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Cutoff,
    Hit,
    Store,
    Pass,
    /// PVS: the next re-search.
    Research,
    /// Aspiration windows: the end of the next attempt.
    Attempt,
    /// Monte Carlo runs: the next iteration's start, and the next phase's.
    Iteration,
    Phase,
    Start,
    End,
    /// Right after call N (1-based) is admitted.
    Call(u64),
    /// Event step N (0 is the start).
    Step(u64),
}

/// A run setting a demo can flip or compare against: the five the tutor's keys flip (`c`:
/// a Monte Carlo run's exploration constant, to its next value).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Setting {
    Ordering,
    Table,
    Cut,
    Algorithm,
    C,
}

impl Setting {
    pub fn name(self) -> &'static str {
        match self {
            Setting::Ordering => "ordering",
            Setting::Table => "table",
            Setting::Cut => "cut",
            Setting::Algorithm => "algorithm",
            Setting::C => "c",
        }
    }

    fn parse(word: &str) -> Result<Setting, String> {
        match word {
            "ordering" => Ok(Setting::Ordering),
            "table" => Ok(Setting::Table),
            "cut" => Ok(Setting::Cut),
            "algorithm" => Ok(Setting::Algorithm),
            "c" => Ok(Setting::C),
            _ => Err(format!(
                "'{word}' is not a setting (ordering, table, cut, algorithm or c)"
            )),
        }
    }
}

impl Target {
    pub fn parse(text: &str) -> Result<Target, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let number = |w: &str| {
            w.parse::<u64>()
                .map_err(|_| format!("'{w}' is not a number in the go step '{text}'"))
        };
        Ok(match words.as_slice() {
            ["cutoff"] => Target::Cutoff,
            ["hit"] => Target::Hit,
            ["store"] => Target::Store,
            ["pass"] => Target::Pass,
            ["re-search"] => Target::Research,
            ["attempt"] => Target::Attempt,
            ["iteration"] => Target::Iteration,
            ["phase"] => Target::Phase,
            ["start"] => Target::Start,
            ["end"] => Target::End,
            ["call", n] => match number(n)? {
                0 => return Err("calls are numbered from 1".into()),
                n => Target::Call(n),
            },
            ["step", n] => Target::Step(number(n)?),
            _ => {
                return Err(format!(
                    "'{text}' is not a place to go (cutoff, hit, store, pass, re-search, attempt, iteration, phase, start, end, call N or step N)"
                ));
            }
        })
    }

    /// What the step does, in words ("the next cutoff", "call 5").
    pub fn describe(self) -> String {
        match self {
            Target::Cutoff => "the next cutoff".into(),
            Target::Hit => "the next table hit".into(),
            Target::Store => "the next store".into(),
            Target::Pass => "the next pass".into(),
            Target::Research => "the next re-search".into(),
            Target::Attempt => "the end of the next aspiration attempt".into(),
            Target::Iteration => "the next iteration".into(),
            Target::Phase => "the next phase".into(),
            Target::Start => "the start".into(),
            Target::End => "the end".into(),
            Target::Call(n) => format!("call {n}"),
            Target::Step(n) => format!("step {n}"),
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Cutoff => f.write_str("cutoff"),
            Target::Hit => f.write_str("hit"),
            Target::Store => f.write_str("store"),
            Target::Pass => f.write_str("pass"),
            Target::Research => f.write_str("re-search"),
            Target::Attempt => f.write_str("attempt"),
            Target::Iteration => f.write_str("iteration"),
            Target::Phase => f.write_str("phase"),
            Target::Start => f.write_str("start"),
            Target::End => f.write_str("end"),
            Target::Call(n) => write!(f, "call {n}"),
            Target::Step(n) => write!(f, "step {n}"),
        }
    }
}

impl Step {
    /// A step written as one line (a `reveal`): `go cutoff`, `toggle table`, `say TEXT`, ….
    pub fn parse_line(line: &str) -> Result<Step, String> {
        let line = line.trim();
        let (verb, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        Ok(match verb {
            "go" => Step::Go(Target::parse(rest)?),
            "say" if !rest.is_empty() => Step::Say(rest.to_string()),
            "toggle" => Step::Toggle(Setting::parse(rest)?),
            "compare" => Step::Compare(comparable(Setting::parse(rest)?)?),
            "preset" if !rest.is_empty() => Step::Preset(rest.to_string()),
            _ => {
                return Err(format!(
                    "'{line}' is not a step (go …, say …, toggle …, compare … or preset …)"
                ));
            }
        })
    }

    /// The step as one line, as `parse_line` reads it (asks and pauses have none).
    fn line(&self) -> String {
        match self {
            Step::Go(t) => format!("go {t}"),
            Step::Say(s) => format!("say {s}"),
            Step::Toggle(s) => format!("toggle {}", s.name()),
            Step::Compare(s) => format!("compare {}", s.name()),
            Step::Preset(p) => format!("preset {p}"),
            Step::Pause => "pause".into(),
            Step::Ask { question, .. } => format!("ask {question}"),
        }
    }

    /// Every text the step puts on screen (says and questions, a reveal's too), for the
    /// lesson's number check.
    pub fn texts(&self) -> Vec<&str> {
        match self {
            Step::Say(s) => vec![s],
            Step::Ask { question, reveal } => {
                let mut out = vec![question.as_str()];
                out.extend(reveal.texts());
                out
            }
            _ => Vec::new(),
        }
    }

    /// The preset a step switches to, if it does (the lesson checks that it exists).
    pub fn preset(&self) -> Option<&str> {
        match self {
            Step::Preset(p) => Some(p),
            Step::Ask { reveal, .. } => reveal.preset(),
            _ => None,
        }
    }
}

/// The settings compare mode can set beside the run: the cut rule and C are not among them.
fn comparable(s: Setting) -> Result<Setting, String> {
    match s {
        Setting::Cut | Setting::C => Err("compare takes algorithm, ordering or table".into()),
        other => Ok(other),
    }
}

/// A step as the file writes it: one key (`ask` with its `reveal`).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStep {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    go: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    say: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pause: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    toggle: Option<Setting>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    preset: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    compare: Option<Setting>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ask: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    reveal: Option<String>,
}

const STEP_FORMS: &str = "a demo step is one of {\"go\": \"cutoff\"}, {\"say\": \"…\"}, {\"pause\": true}, {\"toggle\": \"ordering\"}, {\"preset\": \"NAME\"}, {\"compare\": \"algorithm\"} or {\"ask\": \"…\", \"reveal\": \"go cutoff\"}";

impl TryFrom<RawStep> for Step {
    type Error = String;

    fn try_from(raw: RawStep) -> Result<Step, String> {
        let given = [
            raw.go.is_some(),
            raw.say.is_some(),
            raw.pause.is_some(),
            raw.toggle.is_some(),
            raw.preset.is_some(),
            raw.compare.is_some(),
            raw.ask.is_some(),
        ]
        .iter()
        .filter(|&&b| b)
        .count();
        if given != 1 {
            return Err(STEP_FORMS.into());
        }
        if raw.reveal.is_some() && raw.ask.is_none() {
            return Err("\"reveal\" belongs to an \"ask\" step".into());
        }
        let text = |t: String, key: &str| {
            if t.trim().is_empty() {
                Err(format!("a demo's \"{key}\" text is empty"))
            } else {
                Ok(t)
            }
        };
        Ok(if let Some(go) = raw.go {
            Step::Go(Target::parse(&go)?)
        } else if let Some(say) = raw.say {
            Step::Say(text(say, "say")?)
        } else if let Some(pause) = raw.pause {
            if !pause {
                return Err("a pause step is {\"pause\": true}".into());
            }
            Step::Pause
        } else if let Some(t) = raw.toggle {
            Step::Toggle(t)
        } else if let Some(p) = raw.preset {
            Step::Preset(p)
        } else if let Some(c) = raw.compare {
            Step::Compare(comparable(c)?)
        } else {
            let question = text(raw.ask.unwrap_or_default(), "ask")?;
            let reveal = raw.reveal.ok_or_else(|| {
                "an \"ask\" step needs a \"reveal\": the step that shows the answer, e.g. \"go cutoff\""
                    .to_string()
            })?;
            Step::Ask {
                question,
                reveal: Box::new(Step::parse_line(&reveal)?),
            }
        })
    }
}

impl From<Step> for RawStep {
    fn from(step: Step) -> RawStep {
        let mut raw = RawStep::default();
        match step {
            Step::Go(t) => raw.go = Some(t.to_string()),
            Step::Say(s) => raw.say = Some(s),
            Step::Pause => raw.pause = Some(true),
            Step::Toggle(s) => raw.toggle = Some(s),
            Step::Preset(p) => raw.preset = Some(p),
            Step::Compare(s) => raw.compare = Some(s),
            Step::Ask { question, reveal } => {
                raw.ask = Some(question);
                raw.reveal = Some(reveal.line());
            }
        }
        raw
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(json: &str) -> Result<Step, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }

    #[test]
    fn steps_read_and_write_back() {
        for json in [
            r#"{"go":"cutoff"}"#,
            r#"{"go":"call 5"}"#,
            r#"{"say":"MAX moves first."}"#,
            r#"{"pause":true}"#,
            r#"{"toggle":"ordering"}"#,
            r#"{"toggle":"c"}"#,
            r#"{"go":"iteration"}"#,
            r#"{"go":"phase"}"#,
            r#"{"preset":"ordered"}"#,
            r#"{"compare":"algorithm"}"#,
            r#"{"ask":"Which leaf is skipped next?","reveal":"go cutoff"}"#,
        ] {
            let s = step(json).unwrap();
            assert_eq!(serde_json::to_string(&s).unwrap(), json);
        }
    }

    #[test]
    fn bad_steps_say_what_a_step_is() {
        assert!(
            step(r#"{"go":"sideways"}"#)
                .unwrap_err()
                .contains("cutoff, hit")
        );
        assert!(step(r#"{"go":"call 0"}"#).unwrap_err().contains("from 1"));
        assert!(
            step(r#"{"say":"a","go":"end"}"#)
                .unwrap_err()
                .contains("one of")
        );
        assert!(step(r#"{"ask":"why?"}"#).unwrap_err().contains("reveal"));
        assert!(
            step(r#"{"reveal":"go end","say":"x"}"#)
                .unwrap_err()
                .contains("belongs")
        );
        assert!(
            step(r#"{"toggle":"colour"}"#)
                .unwrap_err()
                .contains("unknown variant")
        );
        assert!(step(r#"{"pause":false}"#).unwrap_err().contains("pause"));
        assert!(
            step(r#"{"compare":"cut"}"#)
                .unwrap_err()
                .contains("compare takes")
        );
        assert!(
            step(r#"{"dance":1}"#)
                .unwrap_err()
                .contains("unknown field")
        );
    }
}
