//! Charts of counts against depth on a log scale, as text, CSV or SVG.
//!
//! A chart only draws numbers it is given: the measured series come from runs of the core
//! (`prune count`'s counter), the formula series from `crate::size`. Every series is told apart
//! by a letter (text) or a marker shape and dash (SVG), never by colour alone, so a chart
//! reads the same on a monochrome projector and in a terminal without colour.
//!
//! The text chart is drawn on a grid of its own rather than ratatui's `Chart`: that widget
//! tells datasets apart by colour only, and its marker set has no letters.

use std::fmt::Write as _;

/// One value of a series at one x, with the interval a measurement over several seeds gives.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    pub x: u32,
    pub y: f64,
    /// A 95 % interval of the mean (measured series over several seeds), else `None`.
    pub interval: Option<(f64, f64)>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    /// The letter that marks this series in the text chart and its CSV column prefix.
    pub letter: char,
    /// Measured by runs (points) or computed by a formula (a line).
    pub measured: bool,
    pub points: Vec<Point>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Plot {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub series: Vec<Series>,
}

impl Plot {
    fn xs(&self) -> (u32, u32) {
        let all = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.x));
        let lo = all.clone().min().unwrap_or(0);
        (lo, all.max().unwrap_or(lo))
    }

    /// Where `x` falls between the first and last x, 0 to 1 (the middle when there is one x).
    fn x_fraction(&self, x: f64) -> f64 {
        let (x0, x1) = self.xs();
        if x1 == x0 {
            0.5
        } else {
            (x - f64::from(x0)) / f64::from(x1 - x0)
        }
    }

    /// The decades the y axis spans: whole powers of ten around every positive value.
    fn decades(&self) -> (i32, i32) {
        let logs = self.series.iter().flat_map(|s| {
            s.points.iter().flat_map(|p| {
                let (lo, hi) = p.interval.unwrap_or((p.y, p.y));
                [p.y, lo, hi]
            })
        });
        let logs: Vec<f64> = logs.filter(|v| *v > 0.0).map(f64::log10).collect();
        let lo = logs.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        if !lo.is_finite() {
            return (0, 1);
        }
        let (lo, hi) = (lo.floor() as i32, hi.ceil() as i32);
        (lo, hi.max(lo + 1))
    }
}

/// The numbers: one row per x, a column per series, and `_lo`/`_hi` columns for intervals.
pub fn csv(plot: &Plot) -> String {
    let (x0, x1) = plot.xs();
    let mut header = vec![csv_field(&plot.x_label)];
    for s in &plot.series {
        header.push(csv_field(&s.name));
        if s.points.iter().any(|p| p.interval.is_some()) {
            header.push(csv_field(&format!("{} low", s.name)));
            header.push(csv_field(&format!("{} high", s.name)));
        }
    }
    let mut out = header.join(",") + "\n";
    for x in x0..=x1 {
        let mut row = vec![x.to_string()];
        let mut any = false;
        for s in &plot.series {
            let p = s.points.iter().find(|p| p.x == x);
            any |= p.is_some();
            row.push(p.map_or(String::new(), |p| number(p.y)));
            if s.points.iter().any(|p| p.interval.is_some()) {
                let (lo, hi) = p
                    .and_then(|p| p.interval)
                    .map_or((String::new(), String::new()), |(l, h)| {
                        (number(l), number(h))
                    });
                row.push(lo);
                row.push(hi);
            }
        }
        if any {
            out += &(row.join(",") + "\n");
        }
    }
    out
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// A count as an integer when it is one, else to four decimals (a mean over seeds).
fn number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v:.4}")
    }
}

/// A text chart `width` columns wide and at most `height` rows tall, legend included.
pub fn text(plot: &Plot, width: usize, height: usize) -> String {
    let (d0, d1) = plot.decades();
    let label_width = format!("10^{}", d1.max(d0.abs())).chars().count() + 1;
    // Rows: title, the plot, the x axis, its labels, its name, and one legend row per series
    // (two series a row when they fit).
    let legend = legend_rows(plot, width);
    // Title, x axis, its labels, its name, the legend and one row for the marks' meanings.
    let rows = height.saturating_sub(5 + legend.len()).max(5);
    let cols = width.saturating_sub(label_width + 2).max(10);
    let mut canvas = Canvas {
        plot,
        grid: vec![vec![' '; cols]; rows],
        decades: (d0, d1),
        label_width,
    };
    canvas.draw_formulas();
    canvas.draw_measured();
    let mut out = format!("{}\n", fit(&plot.title, width));
    canvas.write_y_axis(&mut out);
    canvas.write_x_axis(&mut out);
    for row in legend {
        let _ = writeln!(out, "{row}");
    }
    let marks = canvas.marks();
    if !marks.is_empty() {
        let _ = writeln!(out, "{}", fit(&marks.join("  "), width));
    }
    out
}

/// The text chart's plotting area: a grid of cells under a log-scale y axis of whole decades.
struct Canvas<'a> {
    plot: &'a Plot,
    grid: Vec<Vec<char>>,
    /// The decades the y axis spans, low and high.
    decades: (i32, i32),
    /// Columns left of the axis line (the y labels and a space).
    label_width: usize,
}

impl Canvas<'_> {
    fn rows(&self) -> usize {
        self.grid.len()
    }

    fn cols(&self) -> usize {
        self.grid[0].len()
    }

    fn col_of(&self, x: f64) -> usize {
        let cols = self.cols();
        let t = self.plot.x_fraction(x);
        ((t * (cols - 1) as f64).round() as usize).min(cols - 1)
    }

    fn row_of(&self, y: f64) -> Option<usize> {
        let (d0, d1) = self.decades;
        let rows = self.rows();
        (y > 0.0).then(|| {
            let t = (y.log10() - f64::from(d0)) / f64::from(d1 - d0);
            let r = ((1.0 - t) * (rows - 1) as f64).round();
            (r.max(0.0) as usize).min(rows - 1)
        })
    }

    /// Formula lines first, interpolated in log space column by column, so points sit on top.
    fn draw_formulas(&mut self) {
        let plot = self.plot;
        for s in plot.series.iter().filter(|s| !s.measured) {
            let mark = s.letter.to_ascii_lowercase();
            if let [p] = s.points.as_slice()
                && let Some(r) = self.row_of(p.y)
            {
                let c = self.col_of(f64::from(p.x));
                self.grid[r][c] = mark;
            }
            for pair in s.points.windows(2) {
                let (a, b) = (&pair[0], &pair[1]);
                if a.y <= 0.0 || b.y <= 0.0 {
                    continue;
                }
                let (ca, cb) = (self.col_of(f64::from(a.x)), self.col_of(f64::from(b.x)));
                for c in ca..=cb {
                    let t = if cb == ca {
                        0.0
                    } else {
                        (c - ca) as f64 / (cb - ca) as f64
                    };
                    let y = 10f64.powf(a.y.log10() + t * (b.y.log10() - a.y.log10()));
                    if let Some(r) = self.row_of(y) {
                        let cell = &mut self.grid[r][c];
                        *cell = if *cell == ' ' || *cell == mark {
                            mark
                        } else {
                            '·'
                        };
                    }
                }
            }
        }
    }

    /// Measured points with their intervals; two series' points in one cell show as `*`.
    fn draw_measured(&mut self) {
        let plot = self.plot;
        for s in plot.series.iter().filter(|s| s.measured) {
            for p in &s.points {
                let c = self.col_of(f64::from(p.x));
                if let Some((lo, hi)) = p.interval
                    && let (Some(rl), Some(rh)) = (self.row_of(lo), self.row_of(hi))
                {
                    for row in self.grid.iter_mut().take(rl + 1).skip(rh) {
                        if row[c] == ' ' {
                            row[c] = '|';
                        }
                    }
                }
                if let Some(r) = self.row_of(p.y) {
                    let cell = &mut self.grid[r][c];
                    *cell = if cell.is_ascii_uppercase() && *cell != s.letter {
                        '*'
                    } else {
                        s.letter
                    };
                }
            }
        }
    }

    /// The y axis at the grid's left, a label on the rows that sit exactly on a power of ten.
    fn write_y_axis(&self, out: &mut String) {
        let (d0, d1) = self.decades;
        let rows = self.rows();
        let level =
            |r: usize| (1.0 - r as f64 / (rows - 1) as f64) * f64::from(d1 - d0) + f64::from(d0);
        for (r, line) in self.grid.iter().enumerate() {
            let near = level(r).round();
            let on_decade = (0..rows)
                .min_by(|&a, &b| (level(a) - near).abs().total_cmp(&(level(b) - near).abs()))
                == Some(r);
            let label = if on_decade {
                format!("10^{}", near as i32)
            } else {
                String::new()
            };
            let body: String = line.iter().collect();
            let _ = writeln!(
                out,
                "{label:>w$} {}{}",
                if on_decade { '┤' } else { '│' },
                body.trim_end(),
                w = self.label_width - 1
            );
        }
    }

    /// The x axis, its labels under their columns (skipping any that would collide) and the
    /// axes' names.
    fn write_x_axis(&self, out: &mut String) {
        let (cols, label_width) = (self.cols(), self.label_width);
        let _ = writeln!(out, "{:>w$} └{}", "", "─".repeat(cols), w = label_width - 1);
        let (x0, x1) = self.plot.xs();
        let mut axis = vec![' '; cols + label_width + 1];
        let mut free_from = 0;
        for x in x0..=x1 {
            let c = label_width + 1 + self.col_of(f64::from(x));
            let text = x.to_string();
            let start = c.saturating_sub(text.len() / 2);
            if start >= free_from && start + text.len() <= axis.len() {
                for (i, ch) in text.chars().enumerate() {
                    axis[start + i] = ch;
                }
                free_from = start + text.len() + 1;
            }
        }
        let _ = writeln!(out, "{}", axis.iter().collect::<String>().trim_end());
        let _ = writeln!(
            out,
            "{:>w$}{} →   {} ↑ (log scale)",
            "",
            self.plot.x_label,
            self.plot.y_label,
            w = label_width + 1
        );
    }

    /// The marks that are on this chart, and only those, with what they mean.
    fn marks(&self) -> Vec<&'static str> {
        [
            ('|', "| 95 % interval"),
            ('*', "* points coincide"),
            ('·', "· lines cross"),
        ]
        .iter()
        .filter(|(c, _)| self.grid.iter().flatten().any(|g| g == c))
        .map(|&(_, text)| text)
        .collect()
    }
}

/// The legend: each series' letter (lower case for formula lines) and name.
fn legend_rows(plot: &Plot, width: usize) -> Vec<String> {
    let entries: Vec<String> = plot
        .series
        .iter()
        .map(|s| {
            let mark = if s.measured {
                s.letter
            } else {
                s.letter.to_ascii_lowercase()
            };
            format!("{mark} {}", s.name)
        })
        .collect();
    let mut rows: Vec<String> = Vec::new();
    for e in entries {
        match rows.last_mut() {
            Some(last) if last.chars().count() + 3 + e.chars().count() <= width => {
                last.push_str("   ");
                last.push_str(&e);
            }
            _ => rows.push(fit(&e, width)),
        }
    }
    rows
}

/// Dash patterns and marker shapes by series, so no two series differ by colour alone.
const DASHES: [&str; 8] = [
    "", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 2 1 2", "12 2",
];
const SHAPES: [&str; 8] = [
    "circle", "square", "diamond", "triangle", "cross", "plus", "circle", "square",
];
const COLOURS: [&str; 8] = [
    "#1b4f9c", "#b23a2e", "#2e7d32", "#6a3d9a", "#b8860b", "#444444", "#0f7f8c", "#c2185b",
];

/// A standalone SVG document, 960 × 440, for a slide.
pub fn svg(plot: &Plot) -> String {
    let (w, h) = (960.0, 440.0);
    let (left, right, top, bottom) = (70.0, 340.0, 40.0, 60.0);
    let (pw, ph) = (w - left - right, h - top - bottom);
    let (x0, x1) = plot.xs();
    let (d0, d1) = plot.decades();
    let px = |x: f64| left + plot.x_fraction(x) * pw;
    let py = |y: f64| top + (1.0 - (y.log10() - f64::from(d0)) / f64::from(d1 - d0)) * ph;
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n<text x=\"{}\" y=\"24\" font-size=\"15\">{}</text>\n",
        left,
        xml(&plot.title)
    );
    for d in d0..=d1 {
        let y = py(10f64.powi(d));
        let _ = writeln!(
            out,
            "<line x1=\"{left}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#dddddd\"/><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">10<tspan dy=\"-5\" font-size=\"9\">{d}</tspan></text>",
            left + pw,
            left - 6.0,
            y + 4.0
        );
    }
    for x in x0..=x1 {
        let xx = px(f64::from(x));
        let _ = writeln!(
            out,
            "<line x1=\"{xx:.1}\" y1=\"{:.1}\" x2=\"{xx:.1}\" y2=\"{:.1}\" stroke=\"#999999\"/><text x=\"{xx:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{x}</text>",
            top + ph,
            top + ph + 5.0,
            top + ph + 18.0
        );
    }
    let _ = writeln!(
        out,
        "<rect x=\"{left}\" y=\"{top}\" width=\"{pw}\" height=\"{ph}\" fill=\"none\" stroke=\"#333333\"/>\n<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>\n<text transform=\"translate(18 {:.1}) rotate(-90)\" text-anchor=\"middle\">{} (log scale)</text>",
        left + pw / 2.0,
        h - 18.0,
        xml(&plot.x_label),
        top + ph / 2.0,
        xml(&plot.y_label)
    );
    for (i, s) in plot.series.iter().enumerate() {
        let (dash, shape, colour) = (DASHES[i % 8], SHAPES[i % 8], COLOURS[i % 8]);
        let pts: Vec<(f64, f64)> = s
            .points
            .iter()
            .filter(|p| p.y > 0.0)
            .map(|p| (px(f64::from(p.x)), py(p.y)))
            .collect();
        let path: Vec<String> = pts.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
        let _ = writeln!(
            out,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{}\" stroke-dasharray=\"{dash}\"/>",
            path.join(" "),
            if s.measured { 1.2 } else { 2.0 }
        );
        if s.measured {
            for p in s.points.iter().filter(|p| p.y > 0.0) {
                let (x, y) = (px(f64::from(p.x)), py(p.y));
                if let Some((lo, hi)) = p.interval.filter(|(lo, _)| *lo > 0.0) {
                    let _ = writeln!(
                        out,
                        "<line x1=\"{x:.1}\" y1=\"{:.1}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"{colour}\"/>",
                        py(lo),
                        py(hi)
                    );
                }
                out += &marker(shape, x, y, colour, 7.0 - i as f64);
            }
        }
        let ly = top + 10.0 + i as f64 * 22.0;
        let lx = left + pw + 16.0;
        let _ = writeln!(
            out,
            "<line x1=\"{lx:.1}\" y1=\"{ly:.1}\" x2=\"{:.1}\" y2=\"{ly:.1}\" stroke=\"{colour}\" stroke-width=\"2\" stroke-dasharray=\"{dash}\"/>",
            lx + 26.0
        );
        if s.measured {
            out += &marker(shape, lx + 13.0, ly, colour, 4.0);
        }
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\">{}</text>",
            lx + 32.0,
            ly + 4.0,
            xml(&s.name)
        );
    }
    out + "</svg>\n"
}

/// A marker of radius `r`: each series a size smaller than the one before, so points that
/// coincide show as nested shapes instead of hiding each other.
fn marker(shape: &str, x: f64, y: f64, colour: &str, r: f64) -> String {
    match shape {
        "circle" => format!("<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r}\" fill=\"{colour}\"/>\n"),
        "square" => format!(
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{}\" height=\"{}\" fill=\"{colour}\"/>\n",
            x - r,
            y - r,
            2.0 * r,
            2.0 * r
        ),
        "diamond" => format!(
            "<polygon points=\"{x:.1},{:.1} {:.1},{y:.1} {x:.1},{:.1} {:.1},{y:.1}\" fill=\"{colour}\"/>\n",
            y - r - 1.0,
            x + r + 1.0,
            y + r + 1.0,
            x - r - 1.0
        ),
        "triangle" => format!(
            "<polygon points=\"{x:.1},{:.1} {:.1},{:.1} {:.1},{:.1}\" fill=\"{colour}\"/>\n",
            y - r - 1.0,
            x + r + 1.0,
            y + r,
            x - r - 1.0,
            y + r
        ),
        "cross" => format!(
            "<path d=\"M{:.1},{:.1}L{:.1},{:.1}M{:.1},{:.1}L{:.1},{:.1}\" stroke=\"{colour}\" stroke-width=\"2\"/>\n",
            x - r,
            y - r,
            x + r,
            y + r,
            x - r,
            y + r,
            x + r,
            y - r
        ),
        _ => format!(
            "<path d=\"M{:.1},{y:.1}L{:.1},{y:.1}M{x:.1},{:.1}L{x:.1},{:.1}\" stroke=\"{colour}\" stroke-width=\"2\"/>\n",
            x - r,
            x + r,
            y - r,
            y + r
        ),
    }
}

/// Text made safe inside an XML element or attribute.
fn xml(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_control())
        .map(|c| match c {
            '&' => "&amp;".to_string(),
            '<' => "&lt;".to_string(),
            '>' => "&gt;".to_string(),
            '"' => "&quot;".to_string(),
            c => c.to_string(),
        })
        .collect()
}

/// `text` in at most `width` characters, ending in "…" when cut.
fn fit(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let mut out: String = text.chars().take(width.saturating_sub(1)).collect();
    out.push('…');
    out
}
