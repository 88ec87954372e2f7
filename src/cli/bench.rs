//! `prune bench`: calls per second with the no-op observer and with the recorder.

use std::time::Instant;

use crate::error::Result;
use crate::lesson::{Lesson, RunSetup};
use crate::observer::{NoTrace, Observer, Recorder};

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// Calls per second of `runs` runs, each with a fresh observer from `make`.
fn calls_per_second<O: Observer>(
    lesson: &Lesson,
    setup: &RunSetup,
    runs: u32,
    make: impl Fn() -> O,
) -> Result<(f64, u64)> {
    let mut rates = Vec::with_capacity(runs as usize);
    let mut nodes = 0;
    for _ in 0..runs {
        let mut obs = make();
        let t = Instant::now();
        let r = crate::run::search(lesson, setup, &mut obs)
            .map_err(|e| crate::run::named(lesson, e))?;
        let secs = t.elapsed().as_secs_f64().max(1e-9);
        nodes = r.stats.nodes;
        rates.push(r.stats.nodes as f64 / secs);
        std::hint::black_box(&obs);
    }
    Ok((median(rates), nodes))
}

/// A recorder that stops at the tutor's event limit, so a bench of a huge run never holds
/// more than the tutor would.
fn bounded() -> Recorder {
    Recorder {
        limit: Some(crate::run::MAX_EVENTS),
        ..Recorder::default()
    }
}

pub fn report(lesson: &Lesson, setup: &RunSetup, runs: u32) -> Result<String> {
    let (quiet, nodes) = calls_per_second(lesson, setup, runs, || NoTrace)?;
    let seconds = nodes as f64 / quiet.max(1e-9);
    let head = format!(
        "calls per run: {nodes}\nno-op observer: {quiet:.0} calls/s (median of {runs}), {:.2} ms per run\n",
        seconds * 1e3
    );
    let mut rec = bounded();
    let recordable = crate::run::check_recordable(lesson).is_ok();
    if recordable {
        crate::run::search(lesson, setup, &mut rec).map_err(|e| crate::run::named(lesson, e))?;
    }
    if !recordable || rec.overflowed {
        return Ok(head
            + &format!(
                "recorder: not measured (the run takes more than the {} events the tutor records, or its states have no unique ids)\n",
                crate::run::MAX_EVENTS
            ));
    }
    let (loud, _) = calls_per_second(lesson, setup, runs, bounded)?;
    Ok(head
        + &format!(
            "recorder:       {:.0} calls/s (median of {runs}), {:.2}x slower\nrecorded: {} events, {:.1} events/call, {:.1} bytes/event\n",
            loud,
            quiet / loud,
            rec.events.len(),
            rec.events.len() as f64 / nodes.max(1) as f64,
            rec.bytes_per_event()
        ))
}
