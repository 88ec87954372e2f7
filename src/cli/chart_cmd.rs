//! `prune chart leaves|calls`: what alpha-beta reads on uniform trees against depth, measured by
//! runs of the core (minimax, and alpha-beta with the worst, random and best leaf order) beside
//! the formulas of `crate::size` (b^d, Knuth and Moore's minimum, Pearl's R_b^d).

use num_traits::ToPrimitive;

use super::args::{ChartArgs, ChartFormat, ChartMeasure};
use crate::chart::{self, Plot, Point, Series};
use crate::error::{Error, Result};
use crate::game::model::{GameSpec, LeavesSpec};
use crate::lesson::{Lesson, Overrides};
use crate::search::Algorithm;
use crate::size::{self, TreeCounts};

/// One run on a full uniform tree without table, ordering or deepening: what it counted.
fn measure(
    branching: u32,
    depth: u32,
    leaves: LeavesSpec,
    seed: u64,
    algorithm: Algorithm,
    what: ChartMeasure,
) -> Result<f64> {
    let game = GameSpec::Uniform {
        branching: u64::from(branching),
        depth: u64::from(depth),
        leaves,
        seed,
    };
    let lesson = Lesson::of_game(&game)?;
    let overrides = Overrides {
        depth: Some(depth as u8),
        table: Some(false),
        ordering: Some(false),
        deepening: Some(false),
        algorithm: Some(algorithm),
        budget: Some(lesson.model.limits().max_budget),
        ..Overrides::default()
    };
    let setup = lesson.setup(None, &overrides)?;
    let (_, counter) = crate::run::count(&lesson, &setup)?;
    Ok(match what {
        ChartMeasure::Leaves => counter.leaves,
        ChartMeasure::Calls => counter.calls,
    } as f64)
}

/// The deepest depth a chart takes: minimax on the smallest branching (2) makes more than
/// `CHART_CALLS` calls past depth 24, so no chart runs deeper; refused before any count is
/// worked out (b^d for a depth of four billion is a number too large to build).
pub const MAX_CHART_DEPTH: u64 = 30;

/// The depths of "LO..HI" or "D" (1..=D), each from 1 to `MAX_CHART_DEPTH`.
fn depths(text: &str) -> Result<(u32, u32)> {
    let bad = || {
        Error::Options(format!(
            "--depth {}: expected a range LO..HI such as 1..10, or one depth",
            crate::text::one_line(&crate::text::cut(text))
        ))
    };
    // Digits only; a number past u64 is as much too deep as any over the cap.
    let number = |t: &str| -> Result<u64> {
        let t = t.trim();
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        Ok(t.parse::<u64>().unwrap_or(u64::MAX))
    };
    let (lo, hi) = match text.split_once("..") {
        Some((lo, hi)) => (number(lo)?, number(hi.trim().trim_start_matches('='))?),
        None => (1, number(text)?),
    };
    if lo == 0 || lo > hi {
        return Err(Error::Options(format!(
            "--depth {}: the range must run upwards from depth 1 or more",
            crate::text::one_line(&crate::text::cut(text))
        )));
    }
    if hi > MAX_CHART_DEPTH {
        return Err(Error::Options(format!(
            "--depth {}: too deep: a chart's depths run from 1 to {MAX_CHART_DEPTH}",
            crate::text::one_line(&crate::text::cut(text))
        )));
    }
    Ok((lo as u32, hi as u32))
}

pub fn command(args: &ChartArgs) -> Result<String> {
    let (lo, hi) = depths(&args.depth)?;
    let b = args.branching;
    refuse_long_runs(b, lo, hi)?;
    refuse_many_seeds(args, lo, hi)?;
    // Distinct values where the tree is small enough to give every leaf its own: the model of
    // the random-order formulas (ties let alpha-beta cut more).
    let distinct = TreeCounts::new(b, hi).leaves
        <= num_bigint::BigUint::from(crate::game::uniform::MAX_DISTINCT);
    let columns = Columns::measured(args, lo..=hi, distinct)?;
    let noun = match args.measure {
        ChartMeasure::Leaves => "leaves",
        ChartMeasure::Calls => "calls",
    };
    let plot = Plot {
        title: format!(
            "{noun} on uniform trees, b = {b} (random order: {}, 95 % interval)",
            if distinct {
                "distinct leaves"
            } else {
                "leaves in −99..99"
            }
        ),
        x_label: "depth".into(),
        y_label: noun.into(),
        series: columns.series(args),
    };
    Ok(match args.format {
        ChartFormat::Text => chart::text(&plot, args.width as usize, args.height as usize),
        ChartFormat::Csv => chart::csv(&plot),
        ChartFormat::Svg => chart::svg(&plot),
    })
}

/// Minimax reads every leaf of the deepest tree: refused before running what cannot end soon.
fn refuse_long_runs(b: u32, lo: u32, hi: u32) -> Result<()> {
    let largest = TreeCounts::new(b, hi).nodes;
    if largest.to_u64().is_none_or(|n| n > CHART_CALLS) {
        return Err(Error::Options(format!(
            "--branching {b} --depth {lo}..{hi}: minimax at depth {hi} makes {} calls, more than the {} a chart runs; use a smaller depth",
            size::grouped(&largest),
            size::group_digits(&CHART_CALLS.to_string())
        )));
    }
    Ok(())
}

/// Every run of a chart reads at most the whole tree (b^0 + … + b^d calls): minimax, the
/// worst and best orders and each seed's random order, at every depth. Refused when that bound
/// is over `CHART_TOTAL_CALLS`, before the first run, with the way to shorten it.
fn refuse_many_seeds(args: &ChartArgs, lo: u32, hi: u32) -> Result<()> {
    let (b, seeds) = (args.branching, args.seeds);
    let runs = 3 + u64::from(seeds);
    let mut total = num_bigint::BigUint::ZERO;
    for d in lo..=hi {
        total += TreeCounts::new(b, d).nodes;
    }
    let total = total * runs;
    if total.to_u64().is_none_or(|n| n > CHART_TOTAL_CALLS) {
        return Err(Error::Options(format!(
            "--branching {b} --depth {lo}..{hi} --seeds {seeds}: the chart's {runs} runs per depth may make up to {} calls, more than the {} a chart makes; use fewer --seeds or a smaller depth",
            size::grouped(&total),
            size::group_digits(&CHART_TOTAL_CALLS.to_string())
        )));
    }
    if args.seed.checked_add(u64::from(seeds) - 1).is_none() {
        return Err(Error::Options(format!(
            "--seed {} --seeds {seeds}: the seeds would run past {}, the largest seed",
            args.seed,
            u64::MAX
        )));
    }
    Ok(())
}

/// A chart's points by series, one point per depth: the runs' counts and the formulas'.
#[derive(Default)]
struct Columns {
    minimax: Vec<Point>,
    worst: Vec<Point>,
    random: Vec<Point>,
    best: Vec<Point>,
    power: Vec<Point>,
    knuth_moore: Vec<Point>,
    pearl: Vec<Point>,
}

impl Columns {
    /// Runs every depth of `depths` (the random order over `args.seeds` trees, with distinct
    /// leaves or not) and works out the formulas beside them.
    fn measured(
        args: &ChartArgs,
        depths: std::ops::RangeInclusive<u32>,
        distinct: bool,
    ) -> Result<Columns> {
        let (b, what) = (args.branching, args.measure);
        let leaves = if distinct {
            LeavesSpec::Distinct
        } else {
            LeavesSpec::Random
        };
        let r = size::pearl_ratio(b);
        let mut c = Columns::default();
        for d in depths {
            let point = |y: f64| Point {
                x: d,
                y,
                interval: None,
            };
            let ab = Algorithm::AlphaBeta;
            let minimax = measure(b, d, LeavesSpec::Best, 0, Algorithm::Minimax, what)?;
            c.minimax.push(point(minimax));
            c.worst
                .push(point(measure(b, d, LeavesSpec::Worst, 0, ab, what)?));
            let samples = (args.seed..=args.seed + u64::from(args.seeds) - 1)
                .map(|seed| measure(b, d, leaves, seed, ab, what))
                .collect::<Result<Vec<f64>>>()?;
            let (mean, interval) = crate::stats::mean_interval(&samples);
            c.random.push(Point {
                x: d,
                y: mean,
                interval,
            });
            c.best
                .push(point(measure(b, d, LeavesSpec::Best, 0, ab, what)?));
            let counts = TreeCounts::new(b, d);
            let formula = |n: &num_bigint::BigUint| n.to_f64().unwrap_or(f64::INFINITY);
            match what {
                ChartMeasure::Leaves => {
                    c.power.push(point(formula(&counts.leaves)));
                    c.knuth_moore.push(point(formula(&counts.knuth_moore)));
                    c.pearl.push(point(r.powi(d as i32)));
                }
                ChartMeasure::Calls => c.power.push(point(formula(&counts.nodes))),
            }
        }
        Ok(c)
    }

    /// The series drawn, named and lettered: the runs, then the formulas for `args.measure`.
    fn series(self, args: &ChartArgs) -> Vec<Series> {
        let measured = |name: &str, letter: char, points: Vec<Point>| Series {
            name: name.into(),
            letter,
            measured: true,
            points,
        };
        let formula = |name: String, letter: char, points: Vec<Point>| Series {
            name,
            letter,
            measured: false,
            points,
        };
        let (b, seeds, first) = (args.branching, args.seeds, args.seed);
        let last = first + u64::from(seeds) - 1;
        let mut series = vec![
            measured("minimax", 'M', self.minimax),
            measured("alpha-beta, worst order", 'W', self.worst),
            Series {
                name: if seeds == 1 {
                    format!("alpha-beta, random order, seed {first}")
                } else {
                    format!("alpha-beta, random order, mean of seeds {first}..={last}")
                },
                ..measured("", 'R', self.random)
            },
            measured("alpha-beta, best order", 'B', self.best),
        ];
        match args.measure {
            ChartMeasure::Leaves => {
                let r = size::pearl_ratio(b);
                series.push(formula("b^d".into(), 'D', self.power));
                series.push(formula(
                    "Knuth–Moore b^⌈d/2⌉ + b^⌊d/2⌋ − 1".into(),
                    'K',
                    self.knuth_moore,
                ));
                series.push(formula(
                    format!("Pearl R_{b}^d, R_{b} = {r:.4}"),
                    'P',
                    self.pearl,
                ));
            }
            ChartMeasure::Calls => series.push(formula("b^0 + … + b^d".into(), 'D', self.power)),
        }
        series
    }
}

/// Calls the deepest minimax run of a chart may make.
const CHART_CALLS: u64 = 50_000_000;

/// Calls all of a chart's runs together may make at most (each counted as the whole tree).
const CHART_TOTAL_CALLS: u64 = 2_000_000_000;
