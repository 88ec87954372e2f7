//! The few statistics prune reports over repeated runs: a mean and its 95 % interval.

/// The two-sided 95 % critical value of Student's t with `df` degrees of freedom (table values
/// to three decimals; the normal 1.960 beyond 120).
pub fn t95(df: usize) -> f64 {
    const TABLE: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042,
    ];
    match df {
        0 => f64::INFINITY,
        1..=30 => TABLE[df - 1],
        31..=60 => 2.000,
        61..=120 => 1.980,
        _ => 1.960,
    }
}

/// The mean of `xs` (not empty) and the 95 % interval of that mean, by Student's t; no
/// interval from a single sample. The samples are counts, never below 0, and so is the
/// interval's low end (with few seeds, mean − t·s/√n can fall below zero).
pub fn mean_interval(xs: &[f64]) -> (f64, Option<(f64, f64)>) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (mean, None);
    }
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let half = t95(xs.len() - 1) * (var / n).sqrt();
    (mean, Some(((mean - half).max(0.0), mean + half)))
}
