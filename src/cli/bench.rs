//! `prune bench`: how fast a run goes with the no-op observer and with the recorder, in its
//! own unit of work (calls; iterations for a Monte Carlo run), and what a recorded event
//! costs in bytes.

use std::time::Instant;

use serde_json::json;

use crate::error::Result;
use crate::lesson::{Lesson, RunSetup};
use crate::observer::{NoTrace, Observer, Recorder};
use crate::search::RunResult;

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// What the run counts its work in: a search's calls, a Monte Carlo run's iterations.
#[derive(Clone, Copy)]
struct Unit {
    plural: &'static str,
    singular: &'static str,
}

impl Unit {
    fn of(setup: &RunSetup) -> Unit {
        if setup.options.family().samples() {
            Unit {
                plural: "iterations",
                singular: "iteration",
            }
        } else {
            Unit {
                plural: "calls",
                singular: "call",
            }
        }
    }

    /// The work one run did.
    fn done(self, r: &RunResult) -> u64 {
        match &r.mcts {
            Some(m) => u64::from(m.iterations),
            None => r.stats.nodes,
        }
    }
}

/// The median rate of `runs` runs, each with a fresh observer from `make`, and the last
/// run's result.
fn rate<O: Observer>(
    lesson: &Lesson,
    setup: &RunSetup,
    runs: u32,
    make: impl Fn() -> O,
) -> Result<(f64, RunResult)> {
    let unit = Unit::of(setup);
    let mut rates = Vec::with_capacity(runs as usize);
    let mut last = None;
    for _ in 0..runs {
        let mut obs = make();
        let t = Instant::now();
        let r = crate::run::search(lesson, setup, &mut obs)
            .map_err(|e| crate::run::named(lesson, e))?;
        let secs = t.elapsed().as_secs_f64().max(1e-9);
        rates.push(unit.done(&r) as f64 / secs);
        std::hint::black_box(&obs);
        last = Some(r);
    }
    Ok((median(rates), last.expect("runs is at least 1")))
}

/// A recorder that stops at the tutor's event limit, so a bench of a huge run never holds
/// more than the tutor would.
fn bounded() -> Recorder {
    Recorder {
        limit: Some(crate::run::MAX_EVENTS),
        ..Recorder::default()
    }
}

/// What was measured: the no-op rate, and the recorder's rate with what it recorded (none
/// when the run cannot be recorded).
struct Figures {
    unit: Unit,
    runs: u32,
    /// Work per run, and a Monte Carlo run's tree nodes.
    per_run: u64,
    nodes: Option<u64>,
    quiet: f64,
    loud: Option<Loud>,
}

struct Loud {
    rate: f64,
    events: usize,
    bytes_per_event: f64,
}

fn measure(lesson: &Lesson, setup: &RunSetup, runs: u32) -> Result<Figures> {
    let unit = Unit::of(setup);
    let (quiet, r) = rate(lesson, setup, runs, || NoTrace)?;
    let mut figures = Figures {
        unit,
        runs,
        per_run: unit.done(&r),
        nodes: r.mcts.is_some().then_some(r.stats.nodes),
        quiet,
        loud: None,
    };
    let mut rec = bounded();
    crate::run::search(lesson, setup, &mut rec).map_err(|e| crate::run::named(lesson, e))?;
    if rec.overflowed {
        return Ok(figures);
    }
    let (loud, _) = rate(lesson, setup, runs, bounded)?;
    figures.loud = Some(Loud {
        rate: loud,
        events: rec.events.len(),
        bytes_per_event: rec.bytes_per_event(),
    });
    Ok(figures)
}

pub fn report(lesson: &Lesson, setup: &RunSetup, runs: u32, as_json: bool) -> Result<String> {
    let f = measure(lesson, setup, runs)?;
    Ok(if as_json { json(&f) } else { text(&f) })
}

fn text(f: &Figures) -> String {
    let (plural, singular, runs) = (f.unit.plural, f.unit.singular, f.runs);
    let seconds = f.per_run as f64 / f.quiet.max(1e-9);
    let mut out = format!("{plural} per run: {}\n", f.per_run);
    if let Some(nodes) = f.nodes {
        out += &format!("tree nodes per run: {nodes}\n");
    }
    out += &format!(
        "no-op observer: {:.0} {plural}/s (median of {runs}), {:.2} ms per run\n",
        f.quiet,
        seconds * 1e3
    );
    match &f.loud {
        None => {
            out += &format!(
                "recorder: not measured (the run takes more than the {} events the tutor records, or its states have no unique ids)\n",
                crate::run::MAX_EVENTS
            );
        }
        Some(l) => {
            out += &format!(
                "recorder:       {:.0} {plural}/s (median of {runs}), {:.2}x slower\nrecorded: {} events, {:.1} events/{singular}, {:.1} bytes/event\n",
                l.rate,
                f.quiet / l.rate,
                l.events,
                l.events as f64 / f.per_run.max(1) as f64,
                l.bytes_per_event
            );
        }
    }
    out
}

fn json(f: &Figures) -> String {
    let loud = f.loud.as_ref();
    json!({
        "unit": f.unit.plural,
        "runs": f.runs,
        "per_run": f.per_run,
        "nodes": f.nodes,
        "noop_per_second": f.quiet,
        "recorder_per_second": loud.map(|l| l.rate),
        "recorded_events": loud.map(|l| l.events),
        "events_per_unit": loud.map(|l| l.events as f64 / f.per_run.max(1) as f64),
        "bytes_per_event": loud.map(|l| l.bytes_per_event),
    })
    .to_string()
        + "\n"
}
