//! The title line: where the replay is (step and call) and which run it is, in the order a
//! reader needs it:
//!
//! ```text
//!  step 75/98 · call 10/12 │ pvs d2 tt:off asp δ5 from d2 · pvs · 002-aspiration-fails-low · q0 …+3 (i)
//! ```
//!
//! the algorithm and depth, then every setting that differs from seed 000's defaults (αβ, q0,
//! table on, ordering off, α≥β, full window, deepening, no budget), the preset (`preset*
//! changed: tt:off` after a live change), the lesson, and last the settings equal to the
//! defaults. When the line is too narrow, pieces go in the reverse order of that priority:
//! the settings equal to the defaults (from the end), the counter's words, the lesson, the
//! call count, the preset's name, then the differing settings (from the end). The algorithm,
//! the depth and a live change are never dropped. Whatever is dropped is counted by the cue
//! `…+3 (i)`, and the introduction window (`i`) lists the whole run.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::search::Options;
use crate::tui::app::App;
use crate::tui::model::{
    Setting, differs_from_preset, effective_settings, preset_options, settings_as,
};

use super::fit;

pub fn draw(app: &App, area: Rect, buf: &mut Buffer) {
    let line = header(app, area.width);
    fit::put_line(buf, area.x, area.y, &line, area.width);
}

/// The settings on the title line of `app`: the run's effective settings that differ from its
/// preset (all of them when it has none). Tests check the header against this.
pub fn differences(app: &App) -> Vec<Setting> {
    let preset = preset_options(&app.lesson, app.preset.as_deref());
    differs_from_preset(preset.as_ref(), &app.setup.options, &app.units)
}

/// How readily a piece of the title line is dropped (the later, the sooner).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Rank {
    /// The algorithm, the depth, and a live change: always shown.
    Kept,
    /// A setting that differs from seed 000's defaults.
    Differs,
    /// The preset's name.
    Preset,
    /// The lesson's name.
    Lesson,
    /// A setting equal to seed 000's defaults.
    Same,
}

/// One piece of the title line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    pub text: String,
    pub rank: Rank,
    /// A difference from the preset (shown after `preset* changed:`).
    pub changed: bool,
}

/// Seed 000's defaults: the options every other run is read against (depth aside, which the
/// line always shows).
pub fn seed_defaults() -> Options {
    Options {
        depth: 2,
        ..Options::default()
    }
}

/// Every piece of the title line of `app`, in the order it is shown: the algorithm and depth,
/// the settings that differ from seed 000's defaults, the live changes, the preset, the
/// lesson, the settings equal to the defaults.
pub fn items(app: &App) -> Vec<Item> {
    let o = &app.setup.options;
    let comparable = preset_options(&app.lesson, app.preset.as_deref()).is_some();
    let diffs = if comparable {
        differences(app)
    } else {
        Vec::new()
    };
    let defaults = settings_as(&seed_defaults(), &app.units, o);
    let mut out = Vec::new();
    let mut same = Vec::new();
    for s in effective_settings(o, &app.units) {
        let changed = diffs.contains(&s);
        let rank = if changed || matches!(s.name, "algorithm" | "depth" | "iterations") {
            Rank::Kept
        } else if defaults.contains(&s) {
            Rank::Same
        } else {
            Rank::Differs
        };
        let item = Item {
            text: s.text,
            rank,
            changed,
        };
        // The algorithm leads the line; the depth follows it.
        match item.rank {
            Rank::Same => same.push(item),
            _ if s.name == "algorithm" => out.insert(0, item),
            _ => out.push(item),
        }
    }
    // What the options do not spell: a max-n tie rule, the paranoid player, a budget a game
    // allows, a start other than the graph's.
    let players = &app.replay.trace().header.players;
    let mut extra = |text: String| {
        out.push(Item {
            text,
            rank: Rank::Differs,
            changed: false,
        })
    };
    if o.ties != crate::search::Ties::First {
        extra(format!("ties {}", o.ties.text(players)));
    }
    if let Some(seat) = o.paranoid_for {
        let name = players.get(seat.index()).cloned().unwrap_or_default();
        extra(format!("for {name}"));
    }
    // A game allows more calls than seed 000's most: a budget between the two is one.
    if o.budget >= crate::search::MAX_BUDGET && o.budget < app.lesson.model.limits().max_budget {
        extra(format!("budget {}", o.budget));
    }
    if !app.lesson.model.has_own_root() && app.setup.start != 0 {
        extra(format!(
            "from {}",
            app.replay.catalog().name(app.setup.start)
        ));
    }
    // Settings back at a default the preset set otherwise (`budget max`).
    for d in &diffs {
        if !out.iter().any(|i| i.text == d.text) {
            out.push(Item {
                text: d.text.clone(),
                rank: Rank::Kept,
                changed: true,
            });
        }
    }
    let live = live_changes(app);
    let changed = !diffs.is_empty() || !live.is_empty();
    out.extend(live);
    let preset = match &app.preset {
        Some(p) => p.clone(),
        None => "custom".to_string(),
    };
    out.push(Item {
        text: format!("{preset}{}", if changed { "*" } else { "" }),
        rank: Rank::Preset,
        changed,
    });
    out.push(Item {
        text: app.replay.rec.trace.header.lesson.clone(),
        rank: Rank::Lesson,
        changed: false,
    });
    out.extend(same);
    out
}

/// The scores changed live, never dropped: weights edited (`*`) and leaves edited (`V`).
fn live_changes(app: &App) -> Vec<Item> {
    let weights = app.weights_changed().then(|| app.weights_title());
    (weights.into_iter().chain(app.leaves_title()))
        .map(|text| Item {
            text,
            rank: Rank::Kept,
            changed: true,
        })
        .collect()
}

/// The whole run in one line, as the introduction window lists it: lesson, preset, every
/// setting (nothing dropped).
pub fn whole_run(app: &App) -> String {
    let items = items(app);
    let text = |pred: &dyn Fn(&Item) -> bool| -> Vec<String> {
        items
            .iter()
            .filter(|i| pred(i))
            .map(|i| i.text.clone())
            .collect()
    };
    let lesson = text(&|i| i.rank == Rank::Lesson).join("");
    let preset = text(&|i| i.rank == Rank::Preset).join("");
    let settings = text(&|i| !matches!(i.rank, Rank::Lesson | Rank::Preset) && !i.changed);
    let changed = text(&|i| i.changed && i.rank != Rank::Preset);
    let mut line = format!("This run: {lesson} · {preset} · {}", settings.join(" "));
    if !changed.is_empty() {
        line.push_str(&format!(
            " · changed from the preset: {}",
            changed.join(" ")
        ));
    }
    line
}

/// The widest title line that fits in `width` columns: the step counter (the main screen's,
/// `screen::MainScreen::counters`), then the run.
pub fn header(app: &App, width: u16) -> Line<'static> {
    build(app, width, &app.screen().counters(app))
}

/// A search of calls' step counters, longest first: the step and the call.
pub(super) fn call_counters(app: &App) -> [String; 3] {
    let (step, len) = (app.st.step, app.replay.len());
    let (call, calls) = (app.st.stats.nodes, app.replay.tree().calls());
    [
        format!(" step {step}/{len} · call {call}/{calls} "),
        format!(" {step}/{len} call {call}/{calls} "),
        format!(" {step}/{len} "),
    ]
}

/// A Monte Carlo run's step counters, longest first: iterations and phases, not calls.
pub(super) fn monte_counters(app: &App) -> [String; 3] {
    let r = &app.replay;
    let (step, len) = (app.st.step, r.len());
    let k = step
        .checked_sub(1)
        .map_or(0, |i| r.index().monte.iteration_at(i));
    let of = r.options().mcts.iterations;
    let phase = crate::tui::monte::phase_at(r, step).map_or("", |p| p.name());
    [
        format!(" step {step}/{len} · iteration {k}/{of} · {phase} "),
        format!(" {step}/{len} it {k}/{of} {phase} "),
        format!(" {step}/{len} it {k}/{of} "),
    ]
}

/// The run alone (no counter), in `width` columns: presenter mode's indicator has its own.
pub fn run_line(app: &App, width: u16) -> Line<'static> {
    build(app, width, &[String::new()])
}

/// What is hidden at one stage of the narrowing.
#[derive(Clone, Copy)]
enum Drop {
    /// The `k`-th item.
    Item(usize),
    /// The counter's next, shorter wording.
    Counter,
}

fn build(app: &App, width: u16, counters: &[String]) -> Line<'static> {
    let items = items(app);
    let w = width as usize;
    // The narrowing, in order: settings equal to the defaults from the end, the counter's
    // words, the lesson, the call count, the preset's name, differing settings from the end.
    let of = |rank: Rank| -> Vec<usize> {
        (0..items.len())
            .rev()
            .filter(|&k| items[k].rank == rank)
            .collect()
    };
    let mut steps: Vec<Drop> = of(Rank::Same).into_iter().map(Drop::Item).collect();
    steps.push(Drop::Counter);
    steps.extend(of(Rank::Lesson).into_iter().map(Drop::Item));
    steps.push(Drop::Counter);
    steps.extend(of(Rank::Preset).into_iter().map(Drop::Item));
    steps.extend(of(Rank::Differs).into_iter().map(Drop::Item));
    let mut hidden = vec![false; items.len()];
    let mut counter = 0;
    let fits = |hidden: &[bool], counter: usize| {
        compose(app, &items, hidden, &counters[counter]).width() <= w
    };
    for s in steps {
        if fits(&hidden, counter) {
            break;
        }
        match s {
            Drop::Item(k) => hidden[k] = true,
            Drop::Counter => counter = (counter + 1).min(counters.len() - 1),
        }
    }
    // What was dropped on the way and fits again beside what stays (a short setting after a
    // long lesson name went) comes back, the most wanted first.
    let mut back: Vec<usize> = (0..items.len()).filter(|&k| hidden[k]).collect();
    back.sort_by_key(|&k| (items[k].rank, k));
    for k in back {
        hidden[k] = false;
        if !fits(&hidden, counter) {
            hidden[k] = true;
        }
    }
    fit::clip(&compose(app, &items, &hidden, &counters[counter]), w)
}

/// The line with the items not `hidden`, and the cue counting the hidden ones.
fn compose(app: &App, items: &[Item], hidden: &[bool], counter: &str) -> Line<'static> {
    let t = app.theme;
    let shown = |k: usize| !hidden[k];
    let mut spans = vec![Span::styled(counter.to_string(), t.current())];
    let mut groups: Vec<Vec<Span<'static>>> = Vec::new();
    let word = |text: &str, style: Style| Span::styled(text.to_string(), style);
    // The algorithm, the depth and the settings that differ from the defaults.
    let first: Vec<Span> = (0..items.len())
        .filter(|&k| {
            shown(k) && !items[k].changed && matches!(items[k].rank, Rank::Kept | Rank::Differs)
        })
        .map(|k| word(&items[k].text, t.title()))
        .collect();
    groups.push(first);
    // The preset (its name may be dropped; its mark of a live change never is).
    let preset = items.iter().position(|i| i.rank == Rank::Preset);
    let changes: Vec<Span> = (0..items.len())
        .filter(|&k| items[k].changed && items[k].rank != Rank::Preset)
        .map(|k| word(&items[k].text, t.changed()))
        .collect();
    let mut group = Vec::new();
    if let Some(p) = preset {
        let it = &items[p];
        if shown(p) {
            let style = if it.changed { t.changed() } else { t.title() };
            group.push(word(&it.text, style));
        } else if it.changed {
            group.push(word("*", t.changed()));
        }
        if it.changed && !changes.is_empty() {
            group.push(word("changed:", t.changed()));
            group.extend(changes);
        }
    }
    groups.push(group);
    for rank in [Rank::Lesson, Rank::Same] {
        groups.push(
            (0..items.len())
                .filter(|&k| shown(k) && items[k].rank == rank)
                .map(|k| word(&items[k].text, t.title()))
                .collect(),
        );
    }
    let lead = "│ ";
    let mut first_group = true;
    for g in groups.into_iter().filter(|g| !g.is_empty()) {
        let sep = if first_group { lead } else { " · " };
        first_group = false;
        spans.push(Span::styled(sep, t.title()));
        for (i, s) in g.into_iter().enumerate() {
            if i > 0 {
                spans.push(Span::styled(" ", s.style));
            }
            spans.push(s);
        }
    }
    let n = hidden.iter().filter(|&&h| h).count();
    if n > 0 {
        spans.push(Span::styled(format!(" {}+{n} (i)", fit::CUE), t.changed()));
    }
    Line::from(spans)
}
