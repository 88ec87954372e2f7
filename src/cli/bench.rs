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
        let r = crate::run::search(lesson, setup, &mut obs)?;
        let secs = t.elapsed().as_secs_f64().max(1e-9);
        nodes = r.stats.nodes;
        rates.push(r.stats.nodes as f64 / secs);
        std::hint::black_box(&obs);
    }
    Ok((median(rates), nodes))
}

pub fn report(lesson: &Lesson, setup: &RunSetup, runs: u32) -> Result<String> {
    let (quiet, nodes) = calls_per_second(lesson, setup, runs, || NoTrace)?;
    let (loud, _) = calls_per_second(lesson, setup, runs, Recorder::default)?;
    let mut rec = Recorder::default();
    crate::run::search(lesson, setup, &mut rec)?;
    Ok(format!(
        "calls per run: {nodes}\nno-op observer: {:.0} calls/s (median of {runs})\nrecorder:       {:.0} calls/s (median of {runs}), {:.2}x slower\nrecorded: {} events, {:.1} events/call, {:.1} bytes/event\n",
        quiet,
        loud,
        quiet / loud,
        rec.events.len(),
        rec.events.len() as f64 / nodes.max(1) as f64,
        rec.bytes_per_event()
    ))
}
