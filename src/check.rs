//! `prune check`: a student's own alpha-beta, checked against prune's run of a lesson.
//!
//! The student's engine prints the check schema (`schema`: enter, probe, window, cutoff,
//! store, return, one JSON object per line); prune prints its own run in the same schema as a
//! projection of its recorded trace (`project`), never searched a second way. The two are
//! compared line by line (`compare`) over the kinds the student's file prints, and the first
//! line where they part is named: the call (its number, node and path from the root), the
//! field, both values. When one of the named wrong variants of the core (`Pitfall`), run on
//! the same lesson, matches the student's file fully or further than the right run does, the
//! verdict names it.
//!
//! - `schema`: the lines, read and written; `read`: a student's file, every broken rule
//!   named by line; `project`: prune's run as lines; `compare`: where two lists part.

pub mod compare;
pub mod convention;
pub mod distinguish;
pub mod gradescope;
pub mod json;
pub mod project;
pub mod read;
pub mod schema;
pub mod scores;
pub mod sound;
pub mod truth;

use std::collections::{BTreeMap, BTreeSet};

use compare::{Comparison, Parting};
use convention::Convention;
use project::Expected;
use read::Given;
use schema::{Field, Kind, Line};
use sound::Soundness;

use crate::error::{Error, Result};
use crate::index::Recorded;
use crate::lesson::{Lesson, Overrides, RunSetup};
use crate::search::Pitfall;
use crate::trace::Catalog;

/// A lesson's run, recorded and projected: what a file is checked against.
pub struct Against {
    pub lesson: Lesson,
    pub preset: Option<String>,
    pub setup: RunSetup,
    pub rec: Recorded,
    pub expected: Vec<Expected>,
    /// Every position a student's line may name: the whole graph (a wrong engine visits
    /// nodes the run never reached), or for a game, the positions the run reached.
    names: Catalog,
    /// The names read that the game's rules never reach, with the game's reason.
    impossible: BTreeMap<u32, String>,
    /// The root window read from the file's first enter (MAX's side), when the run was
    /// made again with it.
    pub window_read: Option<(i32, i32)>,
    /// The scale the file's scores are on (`--scores`): read into prune's as they are parsed.
    scores: Option<scores::Scores>,
}

impl Against {
    /// Runs `preset` of `lesson` (its first by default) and projects it, or says why the
    /// schema cannot describe that run.
    pub fn new(lesson: Lesson, preset: Option<&str>) -> Result<Against> {
        Against::with(lesson, preset, &Overrides::default())
    }

    /// `new`, with the preset's options changed by `over` (a root window of the file's).
    pub fn with(lesson: Lesson, preset: Option<&str>, over: &Overrides) -> Result<Against> {
        let setup = lesson.setup(preset, over)?;
        let rec = crate::index::record(&lesson, &setup)?;
        if let Some(why) = project::refusal(&rec) {
            return Err(Error::Options(format!("{}: {why}", lesson.name)));
        }
        let expected = project::project(&rec);
        let names =
            crate::run::graph_catalog(&lesson, &setup).unwrap_or_else(|| rec.catalog().clone());
        let preset = preset
            .map(str::to_string)
            .or_else(|| lesson.spec.runs.first().map(|r| r.name.clone()));
        Ok(Against {
            lesson,
            preset,
            setup,
            rec,
            expected,
            names,
            impossible: BTreeMap::new(),
            window_read: None,
            scores: None,
        })
    }

    /// Reads the scores of every file parsed from now on through `map` (`--scores`), or
    /// says why the map does not apply to the lesson's game.
    pub fn set_scores(&mut self, map: Option<scores::Scores>) -> Result<()> {
        if let Some(m) = map {
            scores::reader(m, &self.lesson.model).map_err(Error::Options)?;
            if let scores::Scores::Affine { b, .. } = m
                && b != 0
                && side_to_move(self)
            {
                return Err(Error::Options(format!(
                    "--scores {}: scores from the side to move (this run's) change sign with the mover, so the map can shift none of them: use ax+0",
                    m.name()
                )));
            }
        }
        self.scores = map;
        Ok(())
    }

    /// The scale the file's scores were read on, when it is not prune's.
    pub fn scores(&self) -> Option<scores::Scores> {
        self.scores
    }

    /// The names of the lesson's positions, as lines give and reports show them.
    pub fn catalog(&self) -> &Catalog {
        &self.names
    }

    /// Reads a student's file at `path`: any legal position of the game it names is listed
    /// from then on, whether prune's run reached it or not.
    pub fn read(&mut self, path: &std::path::Path) -> Result<Vec<Given>> {
        let text = crate::input::read_text(path, read::LIMIT)?;
        self.parse(&path.display().to_string(), &text)
    }

    /// `read` on the text of a file named `origin`.
    pub fn parse(&mut self, origin: &str, text: &str) -> Result<Vec<Given>> {
        let mut names = read::Names {
            catalog: std::mem::take(&mut self.names),
            game: Some((&self.lesson.model, &self.setup)),
            impossible: std::mem::take(&mut self.impossible),
        };
        let given = read::parse(origin, text, &mut names);
        self.names = names.catalog;
        self.impossible = names.impossible;
        let mut given = given?;
        if let Some(m) = self.scores
            && let Ok(reader) = scores::reader(m, &self.lesson.model)
        {
            reader.translate(&mut given);
        }
        Ok(given)
    }

    /// Prune's run in the schema, one line each (`prune check --print`).
    pub fn print(&self) -> String {
        let quiescence = self.setup.options.qlimit > 0;
        let mut out = String::new();
        for e in &self.expected {
            out.push_str(&e.line.write(self.catalog(), quiescence));
            out.push('\n');
        }
        out
    }

    /// The run named for people: `000-worked-tree, run "worked"`.
    fn title(&self) -> String {
        match &self.preset {
            Some(p) => format!("{}, run \"{}\"", self.lesson.name, p),
            None => self.lesson.name.clone(),
        }
    }
}

/// A wrong variant that explains the student's file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Explained {
    pub pitfall: Pitfall,
    /// The file matches the variant's run line for line.
    pub full: bool,
    /// Lines of the file that agree with the variant's run.
    pub matched: usize,
}

/// What `prune check` found.
pub struct Verdict {
    pub kinds: BTreeSet<Kind>,
    pub comparison: Comparison,
    /// The run's lines of the compared kinds.
    pub expected: Vec<Expected>,
    pub given: Vec<Given>,
    pub explained: Option<Explained>,
    /// The variant whose run matches the file furthest, whether or not further than the
    /// right run: the one a distinguishing tree is made for when none explains the file.
    pub closest: Option<Explained>,
    /// Every line against what alpha-beta promises about its position.
    pub soundness: Soundness,
    /// The conventions the file was read with.
    pub conventions: Vec<Convention>,
}

impl Verdict {
    /// The line-by-line verdict: the file is prune's run.
    pub fn clean(&self) -> bool {
        self.comparison.parting.is_none()
    }

    /// The soundness verdict: no line breaks a promise.
    pub fn sound(&self) -> bool {
        self.soundness.sound()
    }

    /// What the exit code follows: soundness, or the line-by-line verdict when `strict` (or
    /// when the game was too large to know the soundness).
    pub fn passes(&self, strict: bool) -> bool {
        if strict || self.soundness.unknown {
            self.clean()
        } else {
            self.sound()
        }
    }

    /// The run's line where the two part (the last one when the student's file goes on
    /// past the run's end).
    pub fn parting_line(&self) -> Option<&Expected> {
        self.comparison.parting?;
        self.expected
            .get(self.comparison.theirs)
            .or(self.expected.last())
    }

    /// The tutor's step that shows the run's parting line taken.
    pub fn step(&self) -> Option<usize> {
        self.parting_line().map(|e| e.event as usize + 1)
    }
}

/// Reads `text` (a file named `origin`) against `preset` of the lesson `open` gives. The
/// root window is `window`, or else the one the file's first call is entered with where it
/// differs from the run's: the run is then made again with that window, and the file read
/// against it.
pub fn read_against(
    open: &dyn Fn() -> Result<Lesson>,
    preset: Option<&str>,
    window: Option<(i32, i32)>,
    origin: &str,
    text: &str,
) -> Result<(Against, Vec<Given>)> {
    let over = Overrides {
        window,
        ..Overrides::default()
    };
    read_scaled(open, preset, &over, None, origin, text)
}

/// `read_against` with the run's options changed by `over` (its `window` the root window
/// given, if any) and the file's scores read through `map` (`--scores`).
pub fn read_scaled(
    open: &dyn Fn() -> Result<Lesson>,
    preset: Option<&str>,
    over: &Overrides,
    map: Option<scores::Scores>,
    origin: &str,
    text: &str,
) -> Result<(Against, Vec<Given>)> {
    let window = over.window;
    let mut against = Against::with(open()?, preset, over)?;
    against.set_scores(map)?;
    let given = against.parse(origin, text)?;
    let found = window.is_none().then(|| first_window(&against, &given));
    let Some(Some(w)) = found else {
        return Ok((against, given));
    };
    let over = Overrides {
        window: Some(w),
        ..over.clone()
    };
    // A window the run refuses leaves the run as it was: the comparison then says where.
    let Ok(mut again) = Against::with(open()?, preset, &over) else {
        return Ok((against, given));
    };
    again.set_scores(map)?;
    let given = again.parse(origin, text)?;
    again.window_read = Some(w);
    Ok((again, given))
}

/// The root window of the file's first enter, from MAX's side, where it is not the one
/// prune's run enters its root with.
fn first_window(against: &Against, given: &[Given]) -> Option<(i32, i32)> {
    let first = given.first().filter(|g| g.line.kind == Kind::Enter)?;
    let (a, b) = (first.line.alpha?, first.line.beta?);
    let theirs = against.expected.first()?.line;
    if (theirs.alpha, theirs.beta) == (Some(a), Some(b)) || a >= b {
        return None;
    }
    let min_root =
        side_to_move(against) && against.catalog().turn(first.line.node) == crate::game::Side::Min;
    Some(if min_root { (-b, -a) } else { (a, b) })
}

/// Whether the run counts values from the side to move (negamax), as its trace says.
fn side_to_move(against: &Against) -> bool {
    against.rec.trace.header.scores == crate::trace::Scores::SideToMove
}

/// Checks a student's lines against a run: every line against the promises of alpha-beta
/// (soundness), and line by line against the run; where they part, runs every wrong variant
/// that applies to find one that explains them.
pub fn check(against: &Against, given: Vec<Given>) -> Verdict {
    check_with(against, given, true)
}

/// `check`, running the wrong variants to name a misconception only when `variants` (each
/// variant is a run of the lesson of its own: on a long run, most of the check's time).
pub fn check_with(against: &Against, mut given: Vec<Given>, variants: bool) -> Verdict {
    let kinds = compare::kinds(&given);
    let opts = &against.setup.options;
    let setting = sound::Setting {
        side_to_move: side_to_move(against),
        window: opts.window,
        depth: opts.depth,
        deepening: opts.deepening,
        qlimit: opts.qlimit,
        windows: kinds.contains(&Kind::Window),
    };
    let mut conventions: Vec<Convention> = (against.scores.iter())
        .map(|&m| Convention::Scores(m))
        .chain(
            against
                .window_read
                .map(|(a, b)| Convention::RootWindow(a, b)),
        )
        .collect();
    let game = crate::run::game(&against.lesson, opts);
    let word = given
        .first()
        .map_or("square", |g| against.catalog().move_words(g.line.node).0);
    let soundness = truth::with(&game, against.catalog(), |t| {
        conventions.extend(convention::game_moves(&mut given, t, word));
        sound::fold(&given, t, &setting, &against.impossible)
    });
    let expected = compare::of_kinds(&against.expected, &kinds);
    let comparison = compare::compare(&given, &expected);
    if comparison.skipped > 0 {
        conventions.push(Convention::CutBeforeUpdate);
    }
    let (explained, closest) = if variants && comparison.parting.is_some() {
        explain(against, &given, &kinds, comparison.matched)
    } else {
        (None, None)
    };
    Verdict {
        kinds,
        comparison,
        expected,
        given,
        explained,
        closest,
        soundness,
        conventions,
    }
}

/// What a variant's engine does, as the sentence "this is what an engine does when …" ends:
/// the variant's own description, its first word in lower case unless it is a name written
/// in capitals (MAX), so "A call returns" reads "a call returns".
pub fn when(p: Pitfall) -> String {
    let text = p.describes().trim_end_matches('.');
    let word = text.split_whitespace().next().unwrap_or("");
    let name = word.chars().count() > 1 && !word.chars().any(char::is_lowercase);
    let mut chars = text.chars();
    match chars.next() {
        Some(first) if !name => first.to_lowercase().chain(chars).collect(),
        _ => text.to_string(),
    }
}

/// The variant whose run matches `given` fully, else the one that matches it furthest past
/// the `right` lines the right run matches; and the one that matches it furthest at all.
fn explain(
    against: &Against,
    given: &[Given],
    kinds: &BTreeSet<Kind>,
    right: usize,
) -> (Option<Explained>, Option<Explained>) {
    let mut best: Option<Explained> = None;
    let mut closest: Option<Explained> = None;
    let right_lines = compare::of_kinds(&against.expected, kinds);
    for pitfall in Pitfall::ALL {
        if against.setup.options.pitfall == Some(pitfall) {
            continue;
        }
        let over = Overrides {
            pitfall: Some(pitfall),
            ..Overrides::default()
        };
        let Ok(setup) = against.lesson.setup(against.preset.as_deref(), &over) else {
            continue;
        };
        let Ok(rec) = crate::index::record(&against.lesson, &setup) else {
            continue;
        };
        if project::refusal(&rec).is_some() {
            continue;
        }
        let lines = compare::of_kinds(&project::project(&rec), kinds);
        // A variant that changes nothing on this run explains nothing.
        let same =
            |a: &[Expected], b: &[Expected]| a.iter().map(|e| e.line).eq(b.iter().map(|e| e.line));
        if same(&lines, &right_lines) {
            continue;
        }
        let c = compare::compare(given, &lines);
        let found = Explained {
            pitfall,
            full: c.parting.is_none(),
            matched: c.matched,
        };
        let better = match best {
            None => found.full || found.matched > right,
            Some(b) => (found.full, found.matched) > (b.full, b.matched),
        };
        if better {
            best = Some(found);
        }
        if closest.is_none_or(|c| (found.full, found.matched) > (c.full, c.matched)) {
            closest = Some(found);
        }
    }
    (best, closest)
}

/// The verdicts for people: soundness first (every promise kept, or the first line that
/// breaks one), then the line-by-line comparison: one line when clean; else where the runs
/// part, the misconception or convention that explains it, what was compared and how to see
/// it in the tutor.
pub fn report(against: &Against, origin: &str, v: &Verdict) -> String {
    let mut out = soundness_text(against, origin, v);
    out += &line_by_line(against, origin, v);
    out
}

/// The soundness verdict's lines.
fn soundness_text(against: &Against, origin: &str, v: &Verdict) -> String {
    let s = &v.soundness;
    let checked = crate::text::counted(s.checked as u64, "claim", "claims");
    let mut out = match &s.first {
        Some(u) => format!(
            "{origin} is unsound: {}\n{}",
            sound::describe(u, against.catalog()),
            scale_hint(against, u, s.largest)
        ),
        None if s.unknown => format!(
            "{origin}: soundness unknown: the game is too large to solve at your file's horizon ({checked} checked before it stopped)\n"
        ),
        None => format!(
            "{origin} is sound: every return, store and root move keeps alpha-beta's promises ({checked} checked against the positions' true values)\n"
        ),
    };
    if s.unvalued > 0 {
        out += &format!(
            "not checked: {} at positions short of the game's end, where the game has no value (it scores only finished games; search them to the end to have them checked)\n",
            crate::text::counted(s.unvalued as u64, "claim", "claims")
        );
    }
    if !v.conventions.is_empty() {
        let read: Vec<String> = v.conventions.iter().map(|c| c.describe()).collect();
        out += &format!("read with: {}\n", read.join("; "));
    }
    out
}

/// Where the first unsound claim is far off the game's scale and no `--scores` map was
/// given, the line that says how to name the engine's scale.
fn scale_hint(against: &Against, u: &sound::Unsound, largest: i32) -> String {
    let claimed = match u.broken {
        sound::Broken::Return { value, .. } | sound::Broken::Store { value, .. } => value,
        _ => return String::new(),
    };
    let largest = largest.max(u.truth.map_or(0, i32::abs));
    let far = claimed.abs() < crate::value::INF && claimed.abs() > 2 * largest.max(1);
    if against.scores.is_some() || !far {
        return String::new();
    }
    format!(
        "Your score {} is far off the game's scale (no value checked so far passes ±{largest}): if your engine scores on a scale of its own, name the map with --scores (depth, for wins scored W − plies, or ax+b such as 100x+0)\n",
        schema::score_text(claimed),
    )
}

/// The line-by-line verdict's lines.
fn line_by_line(against: &Against, origin: &str, v: &Verdict) -> String {
    let compared = v
        .kinds
        .iter()
        .map(|k| k.name())
        .collect::<Vec<_>>()
        .join(", ");
    let left_out: Vec<&str> = Kind::ALL
        .iter()
        .filter(|k| !v.kinds.contains(k))
        .map(|k| k.name())
        .collect();
    let mut compared_line = format!("compared: {compared}");
    if !left_out.is_empty() {
        compared_line += &format!(
            " (your file prints no {} lines, so those were not compared)",
            left_out.join(", ")
        );
    }
    let calls = v
        .expected
        .iter()
        .filter(|e| e.line.kind == Kind::Enter)
        .count() as u64;
    let Some(parting) = v.comparison.parting else {
        return format!(
            "{origin} checks clean against {}: {} and {}, the same as prune's run\n{compared_line}\n",
            against.title(),
            crate::text::counted(v.given.len() as u64, "line", "lines"),
            crate::text::counted(calls, "call", "calls"),
        );
    };
    let mut out = where_they_part(against, origin, v, parting);
    if let Some(x) = v.explained {
        let how = if x.full {
            "your file matches that variant's run line for line".to_string()
        } else {
            format!(
                "that variant's run matches your first {} (the right run: {})",
                crate::text::counted(x.matched as u64, "line", "lines"),
                v.comparison.matched
            )
        };
        out += &format!(
            "This is what an engine does when {} ({}): {how}.\n",
            when(x.pitfall),
            x.pitfall.name()
        );
    }
    if v.sound() && !v.soundness.unknown {
        out += &format!("{}\n", convention_note(v));
    }
    out += &compared_line;
    out.push('\n');
    if let Some(step) = v.step() {
        out += &format!(
            "to see prune's step in the tutor: add --open (it opens {} at step {step})\n",
            against.title()
        );
    }
    out
}

/// Where the file parts from the run, as one sentence for the tutor's footer at the step
/// `--open` shows: the line, the call and the difference.
pub fn difference(against: &Against, origin: &str, v: &Verdict) -> Option<String> {
    let parting = v.comparison.parting?;
    let text = where_they_part(against, origin, v, parting);
    let words: Vec<&str> = text.split_whitespace().collect();
    // The file's name is the student's: escaped like any text from outside.
    Some(crate::text::one_line(&words.join(" ")).into_owned())
}

/// Why a sound file parts from prune's run: the convention that explains it.
fn convention_note(v: &Verdict) -> String {
    let scale = v.conventions.iter().find_map(|c| match c {
        Convention::Scores(m) => Some(*m),
        _ => None,
    });
    let what = match (v.explained, scale) {
        (Some(x), _) => format!("the convention of an engine where {}", when(x.pitfall)),
        (None, Some(m)) => format!(
            "your scores' scale ({}): {}",
            m.name(),
            convention::scale_parts(m)
        ),
        (None, None) => {
            "an order, table policy or window of its own that no named variant reproduces"
                .to_string()
        }
    };
    format!("Your engine keeps every promise, so this is a convention, not an error: {what}.")
}

/// The first lines of the report: the line, the call and the difference.
fn where_they_part(against: &Against, origin: &str, v: &Verdict, parting: Parting) -> String {
    let catalog = against.catalog();
    let (i, j) = (v.comparison.matched, v.comparison.theirs);
    let yours = v.given.get(i);
    let theirs = v.expected.get(j);
    let place = match (yours, parting) {
        (Some(g), _) => format!("line {}", g.at),
        (None, _) => format!(
            "the end of the file (after line {})",
            v.given.last().map_or(0, |g| g.at)
        ),
    };
    let call = v
        .parting_line()
        .map(|e| call_text(against, e.call))
        .unwrap_or_default();
    let head = format!(
        "{origin} parts from prune's run of {} at {place}{call}:\n",
        against.title()
    );
    let body = match (parting, yours, theirs) {
        (Parting::Field(f), Some(g), Some(e)) => format!(
            "  the {}'s {}: yours {}, prune's {}\n",
            e.line.kind.name(),
            f.name(),
            schema::cell_text(g.line.cell(f), catalog),
            schema::cell_text(e.line.cell(f), catalog),
        ),
        (Parting::Kind, Some(g), Some(e)) => format!(
            "  prune's next line: {}\n  yours:            {}\n",
            line_text(&e.line, catalog),
            line_text(&g.line, catalog)
        ),
        (Parting::YoursEnds, _, Some(e)) => format!(
            "  your file ends; prune's run goes on with {} more (next: {})\n",
            crate::text::counted((v.expected.len() - j) as u64, "line", "lines"),
            line_text(&e.line, catalog)
        ),
        (_, Some(g), _) => format!(
            "  prune's run has ended; your file goes on with {}\n",
            line_text(&g.line, catalog)
        ),
        _ => String::new(),
    };
    head + &body
}

/// ", call 7 (node 4, path 0 → 1 → 4, pass of depth 2)".
fn call_text(against: &Against, call: u32) -> String {
    if call == crate::index::NONE {
        return String::new();
    }
    let catalog = against.catalog();
    let node = against.rec.tree().get(call);
    let path: Vec<String> = project::path(&against.rec, call)
        .into_iter()
        .map(|s| catalog.name(s))
        .collect();
    format!(
        ", call {} (node {}, path {}, pass of depth {})",
        call + 1,
        catalog.name(node.state),
        path.join(" → "),
        node.pass
    )
}

/// A line for people: "cutoff of node a (move 0, α −∞, β 6)".
pub fn line_text(line: &Line, catalog: &Catalog) -> String {
    let fields: Vec<String> = [
        Field::Depth,
        Field::Q,
        Field::Hit,
        Field::Alpha,
        Field::Beta,
        Field::Value,
        Field::Flag,
        Field::Move,
    ]
    .into_iter()
    .filter_map(|f| {
        let cell = line.cell(f)?;
        let name = match f {
            Field::Alpha => "α",
            Field::Beta => "β",
            f => f.name(),
        };
        Some(match f {
            Field::Hit | Field::Move => schema::cell_text(Some(cell), catalog),
            _ => format!("{name} {}", schema::cell_text(Some(cell), catalog)),
        })
    })
    .collect();
    let node = catalog.name(line.node);
    if fields.is_empty() {
        format!("{} of node {node}", line.kind.name())
    } else {
        format!(
            "{} of node {node} ({})",
            line.kind.name(),
            fields.join(", ")
        )
    }
}
