//! Lesson files: a graph wrapped with a title, an introduction and named run presets.
//!
//! Any command that takes a lesson also takes a bare graph (`{"nodes": [...]}`). Files are
//! checked strictly (unknown keys are errors) and every error names the file and the place.

use std::path::Path;

use serde::{Deserialize, Deserializer, Serialize};

use crate::error::{Error, Problem, Result, json_error};
use crate::exact::Ratio;
use crate::game::graph::{Graph, GraphSpec};
use crate::game::leaf_map::LeafMap;
use crate::game::model::{GameSpec, Model};
use crate::search::mcts::Playout;
use crate::search::{Algorithm, Aspiration, CutRule, INF, Options, Pitfall};

pub mod demo;
pub mod facts;
pub mod given;
pub mod lines;
pub mod size_facts;
pub mod stages;

mod builtin {
    include!(concat!(env!("OUT_DIR"), "/builtin_lessons.rs"));
}

/// Lesson files larger than this are refused before parsing.
pub const MAX_FILE_BYTES: u64 = 4 << 20;

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonSpec {
    pub title: String,
    /// Where the example comes from (e.g. "seed 000, worked example").
    #[serde(default)]
    pub source: String,
    /// Paragraphs shown before the first step.
    #[serde(default)]
    pub intro: Vec<String>,
    /// The explicit graph; only a graph game has one (empty otherwise).
    #[serde(default, skip_serializing_if = "GraphSpec::is_empty")]
    pub graph: GraphSpec,
    #[serde(default)]
    pub runs: Vec<RunSpec>,
    /// Remarks attached to steps of a run.
    #[serde(default)]
    pub notes: Vec<NoteSpec>,
    /// Every figure the text states, as a question about a run and the value the core gives.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub facts: Vec<facts::FactSpec>,
    /// Figures of tree size, dice and plies the text states (`prune size` arithmetic, no run).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub size_facts: Vec<facts::SizeFactSpec>,
    /// Practice questions on this lesson's runs (answers come from the core).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub practice: Vec<facts::PracticeItemSpec>,
    /// Named demo scripts: steps an instructor advances one key at a time (`d`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub demos: Vec<demo::DemoSpec>,
    /// Which game the lesson plays: its graph (the default), tic-tac-toe or a uniform tree.
    /// The older form `"minimax"` still means the graph.
    #[serde(
        default = "graph_game",
        deserialize_with = "game_field",
        skip_serializing_if = "GameSpec::is_graph"
    )]
    pub game: GameSpec,
}

fn graph_game() -> GameSpec {
    GameSpec::Graph
}

/// `"minimax"` (the graph model, as lessons first wrote it) or a `{"kind": …}` object.
fn game_field<'de, D: Deserializer<'de>>(d: D) -> std::result::Result<GameSpec, D::Error> {
    use serde::de::Error as _;
    let value = serde_json::Value::deserialize(d)?;
    if value.as_str() == Some("minimax") {
        return Ok(GameSpec::Graph);
    }
    serde_json::from_value(value).map_err(|e| {
        D::Error::custom(format!(
            "game: {e} (a game is {{\"kind\": \"graph\"}}, {{\"kind\": \"tictactoe\", \"board\": \"XOX.O....\", \"scores\": \"plain\"}} or {{\"kind\": \"uniform\", \"branching\": 3, \"depth\": 4, \"leaves\": \"best\"}})"
        ))
    })
}

/// A named run preset; unset fields take `prune run`'s defaults.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunSpec {
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub about: String,
    #[serde(default, deserialize_with = "start_field")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<u32>,
    #[serde(default, deserialize_with = "depth_field")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<u8>,
    #[serde(default, deserialize_with = "qlimit_field")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub qlimit: Option<u8>,
    #[serde(default, deserialize_with = "budget_field")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub budget: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ordering: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deepening: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cut: Option<CutRule>,
    #[serde(
        default,
        deserialize_with = "window_option",
        skip_serializing_if = "Option::is_none"
    )]
    pub window: Option<(i32, i32)>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub algorithm: Option<Algorithm>,
    /// Seed 002's aspiration windows: `{"delta": 25}`, with `from` (4) and `guess` (0).
    #[serde(
        default,
        deserialize_with = "aspiration_field",
        skip_serializing_if = "Option::is_none"
    )]
    pub aspiration: Option<Aspiration>,
    /// A deliberately wrong variant, run beside the right one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pitfall: Option<Pitfall>,
    /// Seed 004's chance-node pruning, with `bounds` or the graph's `utility_range`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chance_pruning: Option<bool>,
    /// Bounds on every utility for chance pruning: `[0, 10]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bounds: Option<(i32, i32)>,
    /// `"min"`: search every chance node as a MIN node (seed 004's comparison).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chance_as: Option<ChanceAs>,
    /// A transformation of every score: `"x^3"`, `"10x+5"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub leaf_map: Option<LeafMap>,
    /// Max-n's tie rule: `"first"`, `"min:A"` or `"max:A"` (A one of the graph's players).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ties: Option<String>,
    /// The paranoid model's root player, one of the graph's players.
    #[serde(rename = "for", skip_serializing_if = "Option::is_none")]
    pub paranoid_for: Option<String>,
    /// Monte Carlo tree search: iterations, C (a number, or "sqrt2"), the seed of its draws
    /// (on a uniform tree also the seed of its leaves) and the playout policy.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub iterations: Option<u32>,
    #[serde(default, deserialize_with = "c_field")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub c: Option<crate::search::mcts::Real>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub playout: Option<crate::search::mcts::Playout>,
    /// Monte Carlo: a finished game's score as MAX's reward, `"outcome"` (the default: above
    /// 0 a win, 0 a draw, below 0 a loss) or `"score"` (the score itself, in [0, 1]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reward: Option<crate::search::mcts::Reward>,
    /// A Monte Carlo run's stated starting tree: nodes by their path of move names, with
    /// visits `n` and wins `u` (halves allowed). Preset-only: the command line has no flag.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub given: Vec<given::GivenSpec>,
    /// Each iteration's playout result for `playout: scripted`, by who won: "MAX", "MIN"
    /// (tic-tac-toe's "X", "O") or "draw". Preset-only.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub script: Vec<String>,
    /// Connect Four: a stage of the solver tutorial (3 to 12), searched by prune's solver
    /// (`lesson::stages`); the game's rules must be the stage's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stage: Option<u8>,
}

/// What a chance node is searched as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChanceAs {
    /// The average of its outcomes (the default).
    Chance,
    /// The smallest of them: an opponent instead of a die.
    Min,
}

impl ChanceAs {
    /// The name files and `--chance-as` use.
    pub fn name(self) -> &'static str {
        match self {
            ChanceAs::Chance => "chance",
            ChanceAs::Min => "min",
        }
    }

    /// What the model does, in a line (`--help` lists it).
    pub fn about(self) -> &'static str {
        match self {
            ChanceAs::Chance => "The probability-weighted average (the default)",
            ChanceAs::Min => "The smallest outcome: an opponent instead of chance",
        }
    }
}

/// Seed 002's aspiration windows as a file writes them: `delta`, with `from` and `guess`
/// left to seed 002's defaults. Only read: a preset holds an `Aspiration` (which writes
/// back the same three fields).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AspirationSpec {
    delta: i32,
    #[serde(default = "aspiration_from")]
    from: u8,
    #[serde(default)]
    guess: i32,
}

fn aspiration_from() -> u8 {
    Aspiration::FROM
}

fn aspiration_field<'de, D: Deserializer<'de>>(
    d: D,
) -> std::result::Result<Option<Aspiration>, D::Error> {
    Ok(
        Option::<AspirationSpec>::deserialize(d)?.map(|a| Aspiration {
            delta: a.delta,
            from: a.from,
            guess: a.guess,
        }),
    )
}

/// A remark shown when the replay reaches a matching step of a run.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoteSpec {
    /// The preset it belongs to.
    pub run: String,
    /// The 1-based call number (the trace's `step`) it is attached to.
    pub step: u64,
    /// The event of that call the note waits for: a note about a cutoff, a store or a
    /// returned value is true only once it has happened.
    #[serde(default, skip_serializing_if = "NoteAnchor::is_enter")]
    pub after: NoteAnchor,
    pub text: String,
}

/// Where in its call a note starts to show; it shows until the next call is entered.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum NoteAnchor {
    /// The call is entered (what the note says is true from its first event).
    #[default]
    Enter,
    /// The call's window closes (its `Cutoff`).
    Cutoff,
    /// The call stores its result (or, with the table off, reports what it would store).
    Store,
    /// The call returns its value to its parent.
    Return,
    /// The pass the call belongs to ends (completed, or cut short by the budget).
    #[serde(rename = "pass-end")]
    PassEnd,
}

impl NoteAnchor {
    pub fn is_enter(&self) -> bool {
        *self == NoteAnchor::Enter
    }
}

/// A loaded, validated lesson (a bare graph becomes a lesson without text or presets).
#[derive(Debug, Clone)]
pub struct Lesson {
    /// The file stem for built-ins, the path for files.
    pub name: String,
    pub spec: LessonSpec,
    /// The explicit graph: a graph game's own, a one-node stand-in for the other games (the
    /// graph-only views, practice and s-expression export, check `model` first).
    pub graph: Graph,
    /// The game the lesson's runs search.
    pub model: Model,
}

/// Command-line overrides of a preset: a preset's settings, as written, without its name
/// (`cli::args::RunArgs::overrides` fills one in, `Lesson::setup` lays it over the preset).
/// One field list serves files and the command line; `search::Options` is what they resolve to.
pub type Overrides = RunSpec;

impl RunSpec {
    /// These settings laid over `under`'s: each one set here wins, the others are `under`'s
    /// (its name and text too).
    fn laid_over(&self, under: &RunSpec) -> RunSpec {
        RunSpec {
            name: under.name.clone(),
            about: under.about.clone(),
            start: self.start.or(under.start),
            depth: self.depth.or(under.depth),
            qlimit: self.qlimit.or(under.qlimit),
            budget: self.budget.or(under.budget),
            table: self.table.or(under.table),
            ordering: self.ordering.or(under.ordering),
            deepening: self.deepening.or(under.deepening),
            cut: self.cut.or(under.cut),
            window: self.window.or(under.window),
            algorithm: self.algorithm.or(under.algorithm),
            aspiration: self.aspiration.or(under.aspiration),
            pitfall: self.pitfall.or(under.pitfall),
            chance_pruning: self.chance_pruning.or(under.chance_pruning),
            bounds: self.bounds.or(under.bounds),
            chance_as: self.chance_as.or(under.chance_as),
            leaf_map: self.leaf_map.or(under.leaf_map),
            ties: self.ties.clone().or_else(|| under.ties.clone()),
            paranoid_for: self
                .paranoid_for
                .clone()
                .or_else(|| under.paranoid_for.clone()),
            iterations: self.iterations.or(under.iterations),
            c: self.c.or(under.c),
            seed: self.seed.or(under.seed),
            playout: self.playout.or(under.playout),
            reward: self.reward.or(under.reward),
            given: under.given.clone(),
            script: under.script.clone(),
            stage: self.stage.or(under.stage),
        }
    }

    /// Whether the preset states a Monte Carlo starting position or script.
    fn states_tree(&self) -> bool {
        !self.given.is_empty() || !self.script.is_empty()
    }
}

/// A fully resolved run: where it starts and how it searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunSetup {
    pub start: u32,
    pub options: Options,
    /// A Monte Carlo run from a stated tree: the index of the lesson's preset that states it
    /// (`Lesson::prior` resolves it). An index keeps the setup `Copy`.
    pub given: Option<u16>,
}

impl Lesson {
    /// Parses and validates JSON text; `origin` names it in errors.
    pub fn parse(origin: &str, text: &str) -> Result<Lesson> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| json_error(origin, &e))?;
        let is_bare_graph = value.as_object().is_some_and(|o| o.contains_key("nodes"));
        let spec = if is_bare_graph {
            let graph: GraphSpec =
                serde_json::from_str(text).map_err(|e| json_error(origin, &e))?;
            LessonSpec {
                title: origin.to_string(),
                source: String::new(),
                intro: Vec::new(),
                graph,
                runs: Vec::new(),
                notes: Vec::new(),
                facts: Vec::new(),
                size_facts: Vec::new(),
                practice: Vec::new(),
                demos: Vec::new(),
                game: GameSpec::Graph,
            }
        } else if value.is_object() {
            serde_json::from_str(text).map_err(|e| json_error(origin, &e))?
        } else {
            return Err(invalid(
                origin,
                Problem::Lesson(
                    "expected a JSON object: a lesson ({\"title\", \"graph\", ...}) or a graph ({\"nodes\": [...]})"
                        .into(),
                ),
            ));
        };
        let (graph, model) = if spec.game.is_graph() {
            if !is_bare_graph && !value.as_object().is_some_and(|o| o.contains_key("graph")) {
                return Err(invalid(
                    origin,
                    Problem::Lesson(
                        "missing field `graph` (a lesson of a graph game gives {\"graph\": {\"nodes\": [...]}})"
                            .into(),
                    ),
                ));
            }
            let graph = Graph::from_spec(&spec.graph).map_err(|p| invalid(origin, p))?;
            (graph.clone(), Model::Graph(graph))
        } else {
            if !spec.graph.is_empty() {
                return Err(invalid(
                    origin,
                    Problem::Lesson(
                        "a lesson whose game is not a graph has no \"graph\"; remove it".into(),
                    ),
                ));
            }
            let model = spec
                .game
                .build(None)
                .map_err(|m| invalid(origin, Problem::Lesson(m)))?;
            (stand_in_graph(), model)
        };
        let lesson = Lesson {
            name: origin.to_string(),
            spec,
            graph,
            model,
        };
        lesson.check_presets()?;
        Ok(lesson)
    }

    /// A lesson that is nothing but `game` (no text, no presets), named so that
    /// `Lesson::open` reads it back (see `GameSpec::name`).
    pub fn of_game(game: &GameSpec) -> Result<Lesson> {
        let name = game.name().unwrap_or_else(|| "game".into());
        let text = serde_json::json!({"title": game.title(), "game": game});
        Lesson::parse(&name, &text.to_string())
    }

    /// Reads and parses a lesson or graph file.
    pub fn load(path: &Path) -> Result<Lesson> {
        let text = read_text(path)?;
        if text.trim().is_empty() {
            return Err(Error::EmptyFile {
                path: path.to_path_buf(),
            });
        }
        Lesson::parse(&path.display().to_string(), &text)
    }

    /// A built-in lesson by its name, else a file. A built-in's name always means the
    /// built-in, whatever the working directory holds (`./NAME` is the file of that name), so
    /// the same command gives the same run everywhere. Other names are paths; a bare word that
    /// is neither gets the list of built-ins.
    pub fn open(name: &str) -> Result<Lesson> {
        if let Some(game) = GameSpec::from_name(name) {
            return Lesson::of_game(&game);
        }
        if let Some((stem, text)) = builtin::BUILTIN.iter().find(|(stem, _)| *stem == name) {
            return Lesson::parse(stem, text);
        }
        let path = Path::new(name);
        if path.exists() || name.ends_with(".json") || name.contains('/') {
            return Lesson::load(path);
        }
        Err(Error::UnknownLesson {
            name: name.to_string(),
            known: known_for(name),
        })
    }

    /// Whether `name` names a built-in lesson (and so never a file).
    pub fn is_builtin(name: &str) -> bool {
        builtin::BUILTIN.iter().any(|(stem, _)| *stem == name)
    }

    /// A lesson with nothing but a title and a one-node graph: what the tutor holds when it
    /// replays a saved trace whose lesson is not at hand (nothing is ever run on it).
    pub fn stand_in(title: &str) -> Result<Lesson> {
        let text = serde_json::json!({
            "title": title,
            "graph": {"nodes": [{"player": "MAX", "score": 0}]},
        });
        Lesson::parse("saved trace", &text.to_string())
    }

    /// Whether this lesson's graph still has every state a trace names, with the same label
    /// and the same player (a lesson file may have changed since the trace was saved).
    /// `options` are the run's: a run that searched chance nodes as MIN nodes, or the paranoid
    /// model, lists those nodes with the side it gave them.
    pub fn fits(
        &self,
        catalog: &crate::trace::Catalog,
        options: &Options,
    ) -> std::result::Result<(), String> {
        use crate::game::{Game, Side};
        let as_run = |side: Side| match side {
            Side::Chance if options.chance_as_min => Side::Min,
            // Only the paranoid model has a root player (`Options::validate_for`, which a
            // saved trace's header passes too): its seat is MAX, every other MIN.
            Side::Player(seat) if options.paranoid_for.is_some() => {
                if options.paranoid_for == Some(seat) {
                    Side::Max
                } else {
                    Side::Min
                }
            }
            side => side,
        };
        if !matches!(self.model, Model::Graph(_)) {
            // A game's position is named by its label, whatever number the trace gave it.
            for s in catalog.iter() {
                let named = s.label.as_deref().and_then(|l| self.model.find(l).ok());
                match named.map(|(_, d)| d) {
                    Some(d) if d.turn == s.turn && d.label == s.label => {}
                    _ => return Err(format!("its state {} is not the one the trace names", s.id)),
                }
            }
            return Ok(());
        }
        for s in catalog.iter() {
            if s.id as usize >= self.graph.len() {
                return Err(format!("it has no node {}", s.id));
            }
            if as_run(self.graph.side(s.id)) != s.turn
                || self.graph.label(s.id) != s.label.as_deref()
            {
                return Err(format!("its node {} is not the one the trace names", s.id));
            }
        }
        Ok(())
    }

    /// Every built-in lesson, in file-name order.
    pub fn builtins() -> Result<Vec<Lesson>> {
        builtin::BUILTIN
            .iter()
            .map(|(stem, text)| Lesson::parse(stem, text))
            .collect()
    }

    pub fn preset(&self, name: &str) -> Result<&RunSpec> {
        self.spec
            .runs
            .iter()
            .find(|r| r.name == name)
            .ok_or_else(|| Error::UnknownRun {
                path: self.name.clone(),
                name: name.to_string(),
                known: self
                    .spec
                    .runs
                    .iter()
                    .map(|r| r.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// The preset (named, or the first one) with command-line overrides applied on top.
    pub fn setup(&self, run: Option<&str>, over: &Overrides) -> Result<RunSetup> {
        let empty = RunSpec::default();
        let preset = match run {
            Some(name) => self.preset(name)?,
            None => self.spec.runs.first().unwrap_or(&empty),
        };
        let spec = over.laid_over(preset);
        let options = self.options_of(&spec)?;
        self.check_game_takes(&options)?;
        let start = self.start_of(&spec)?;
        options
            .validate_for(&self.model.limits())
            .map_err(|m| self.options_error(m))?;
        self.check_rewards(&options)?;
        let given = self.given_of(preset, &options, start)?;
        Ok(RunSetup {
            start,
            options,
            given,
        })
    }

    /// A score reward needs every finished game of the graph scored in [0, 1]; other games
    /// score their outcomes (tic-tac-toe's -1, 0, 1), so they take the outcome reward only.
    fn check_rewards(&self, options: &Options) -> Result<()> {
        if options.mcts.reward != crate::search::mcts::Reward::Score {
            return Ok(());
        }
        let refused = match &self.model {
            Model::Graph(graph) => crate::search::mcts::score_rewards_refused(graph),
            _ => Some(
                "--reward score reads an explicit graph's scores as rewards; this game's finished games score -1, 0 or 1: use --reward outcome".into(),
            ),
        };
        refused.map_or(Ok(()), |m| Err(self.options_error(m)))
    }

    /// The preset whose stated tree a run starts from: `preset`'s own, in a Monte Carlo run
    /// (another search, asked for over it, has no tree to start from).
    fn given_of(&self, preset: &RunSpec, options: &Options, start: u32) -> Result<Option<u16>> {
        if !preset.states_tree() || !options.family().samples() {
            return Ok(None);
        }
        if self.start_of(preset)? != start {
            return Err(self.options_error(
                "the preset's given tree is stated from its own start: leave out --start",
            ));
        }
        let index = self.spec.runs.iter().position(|r| std::ptr::eq(r, preset));
        Ok(index.map(|i| i as u16))
    }

    /// The preset called `name` as the stated tree of a run with `options` from `start` (a
    /// saved trace's run, re-run live from its lesson), when it states one.
    pub fn stated_by(&self, name: Option<&str>, options: &Options, start: u32) -> Option<u16> {
        let preset = self
            .spec
            .runs
            .iter()
            .find(|r| Some(r.name.as_str()) == name)?;
        self.given_of(preset, options, start).ok().flatten()
    }

    /// The stated Monte Carlo tree `setup` starts from (empty for a run without one).
    pub fn prior(
        &self,
        setup: &RunSetup,
    ) -> std::result::Result<crate::search::mcts::Prior, String> {
        match setup.given.and_then(|i| self.spec.runs.get(i as usize)) {
            Some(preset) => given::resolve(&self.model, setup.start, &preset.given, &preset.script),
            None => Ok(crate::search::mcts::Prior::default()),
        }
    }

    /// A run's settings refused, named by the lesson.
    fn options_error(&self, message: impl std::fmt::Display) -> Error {
        Error::Options(format!("{}: {message}", self.name))
    }

    /// What a run of this game does where nothing says otherwise.
    fn defaults(&self) -> Options {
        let limits = self.model.limits();
        // A game may keep its table and deepening off unless asked for (a tree without
        // transpositions whose textbook figures are of one pass). A game of several players is
        // searched to the given depth only: deepening would read inner nodes, which it does
        // not score.
        let several = limits.players > 0;
        Options {
            budget: limits.max_budget,
            table: limits.table_and_deepening,
            deepening: !several && limits.table_and_deepening,
            algorithm: if several {
                Algorithm::Maxn
            } else {
                Algorithm::AlphaBeta
            },
            ..Options::default()
        }
    }

    /// The one conversion of a run's settings as written (a preset with its overrides) into
    /// the options the search takes, read against this lesson's game.
    fn options_of(&self, spec: &RunSpec) -> Result<Options> {
        let base = self.defaults();
        let chance_as_min = spec.chance_as.unwrap_or(ChanceAs::Chance) == ChanceAs::Min;
        // A graph with chance nodes is searched by expectiminimax unless a run says otherwise.
        let default_algorithm = if self.model.limits().chance && !chance_as_min {
            Algorithm::Expectiminimax
        } else {
            base.algorithm
        };
        // A game with an end of its own (tic-tac-toe, a uniform tree) is searched to it; Monte
        // Carlo tree search plays every playout to the end and has no depth to ask for.
        let samples = spec
            .algorithm
            .unwrap_or(default_algorithm)
            .family()
            .samples();
        let depth = spec
            .depth
            .or_else(|| self.model.full_depth())
            .or(samples.then_some(1))
            .ok_or_else(|| {
                self.options_error("--depth is required (the file has no run preset that sets it)")
            })?;
        let chance_pruning = self.chance_bounds(
            spec.chance_pruning.unwrap_or(false),
            spec.bounds,
            spec.leaf_map,
        )?;
        let mc = base.mcts;
        let mcts = crate::search::mcts::MctsOptions {
            iterations: spec.iterations.unwrap_or(mc.iterations),
            c: spec.c.unwrap_or(mc.c),
            seed: spec.seed.unwrap_or(mc.seed),
            playout: spec.playout.unwrap_or(mc.playout),
            reward: spec.reward.unwrap_or(mc.reward),
        };
        let solver = match spec.stage {
            Some(part) => {
                Some(stages::solving(part, &self.model).map_err(|m| self.options_error(m))?)
            }
            None => None,
        };
        // A stage is a negamax search to the end of the game.
        let default_algorithm = if solver.is_some() {
            Algorithm::Negamax
        } else {
            default_algorithm
        };
        let algorithm = spec.algorithm.unwrap_or(default_algorithm);
        // `seed` is also a uniform tree's: it sets Monte Carlo's draws only in an mcts run.
        let mcts = if algorithm.family().samples() || spec.seed.is_none() {
            mcts
        } else {
            crate::search::mcts::MctsOptions {
                seed: mc.seed,
                ..mcts
            }
        };
        Ok(Options {
            mcts,
            algorithm,
            depth,
            qlimit: spec.qlimit.unwrap_or(base.qlimit),
            budget: spec.budget.unwrap_or(base.budget),
            ordering: spec.ordering.unwrap_or(base.ordering),
            deepening: spec.deepening.unwrap_or(base.deepening),
            cut: spec.cut.unwrap_or(base.cut),
            window: spec.window.unwrap_or(base.window),
            aspiration: spec.aspiration.or(base.aspiration),
            pitfall: spec.pitfall.or(base.pitfall),
            chance_pruning,
            chance_as_min,
            leaf_map: spec.leaf_map,
            ties: match &spec.ties {
                Some(text) => crate::search::Ties::parse(text, self.graph.players())
                    .map_err(|m| self.options_error(format_args!("--ties: {m}")))?,
                None => crate::search::Ties::First,
            },
            paranoid_for: match &spec.paranoid_for {
                Some(name) => Some(
                    crate::search::seat_named(name.trim(), self.graph.players())
                        .map_err(|m| self.options_error(format_args!("--for: {m}")))?,
                ),
                None => None,
            },
            // A stage's table is the solver's own; the views read this flag to show it.
            table: match solver {
                Some(s) => spec
                    .table
                    .unwrap_or(s.table != crate::search::solver::Keeps::Off),
                None => spec.table.unwrap_or(base.table),
            },
            solver,
        })
    }

    /// Options this game cannot run: a leaf map that takes a score past what a search holds.
    fn check_game_takes(&self, options: &Options) -> Result<()> {
        if let Some(map) = options.leaf_map {
            self.mapped_graph(map).map_err(|m| self.options_error(m))?;
        }
        Ok(())
    }

    /// Where the run starts: a game's own root, else the start node asked for (0 by default),
    /// which must exist.
    fn start_of(&self, spec: &RunSpec) -> Result<u32> {
        if self.model.has_own_root() && spec.start.is_some() {
            return Err(self.options_error(format_args!(
                "--start does not apply to a {}: it starts at its own root{}",
                self.model.kind_name(),
                self.model.limits().start_hint
            )));
        }
        if self.model.has_own_root() {
            // A recorded run numbers the game's root 0, the first position it meets.
            return Ok(0);
        }
        let start = spec.start.unwrap_or(0);
        if start as usize >= self.graph.len() {
            return Err(self.options_error(format_args!(
                "start node {start} does not exist (the graph has {} node{})",
                self.graph.len(),
                crate::error::plural(self.graph.len())
            )));
        }
        Ok(start)
    }

    /// The graph with `map` applied to every score, or why it cannot be: a mapped score
    /// must stay a score the search can hold (within ±999999 units).
    pub fn mapped_graph(&self, map: LeafMap) -> std::result::Result<Graph, String> {
        if !matches!(self.model, Model::Graph(_)) {
            return Err("--leaf-map applies to a graph's scores".into());
        }
        let scale = i64::from(self.graph.scale());
        let limit = Ratio::new(i64::from(crate::value::INF) - 1, scale).unwrap_or(Ratio::ZERO);
        for s in 0..self.graph.len() as u32 {
            if let Some(v) = self.graph.written_score(s) {
                let mapped = map.apply_exact(v);
                if mapped.is_none_or(|m| m.abs() > limit) {
                    return Err(format!(
                        "the leaf map {} takes node {s}'s score {v} to {}, past what a search can hold (±{} in this graph)",
                        map.text(),
                        mapped.map_or("more than 2^63".into(), |m| m.to_string()),
                        limit
                    ));
                }
            }
        }
        // A fraction may need a finer scale once mapped (x^2 of 1/2 is 1/4).
        self.graph
            .with_scores(|_, v| map.apply_exact(v))
            .map_err(|p| format!("the leaf map {}: {p}", map.text()))
    }

    /// Every score the graph gives, exactly as written (what a leaf map is judged over).
    pub fn utilities(&self) -> Vec<Ratio> {
        (0..self.graph.len() as u32)
            .filter_map(|s| self.graph.written_score(s))
            .collect()
    }

    /// The bounds chance pruning runs with: `--bounds`, else the graph's `utility_range`;
    /// refused when some score of the graph lies outside them (the cut would be unsound).
    fn chance_bounds(
        &self,
        on: bool,
        given: Option<(i32, i32)>,
        map: Option<LeafMap>,
    ) -> Result<Option<(i32, i32)>> {
        let bounds = given.or(self.graph.utility_range());
        if !on {
            return Ok(None);
        }
        let Some(bounds) = bounds else {
            return Err(Error::Options(format!(
                "{}: chance pruning needs bounds on every utility: give --bounds LO,HI or \"utility_range\" in the graph",
                self.name
            )));
        };
        if bounds.0 >= bounds.1 {
            return Err(Error::Options(format!(
                "{}: utility bounds [{}, {}] need the low end below the high end",
                self.name, bounds.0, bounds.1
            )));
        }
        // With a leaf map the bounds are on the mapped scores, which the search reads.
        let mapped = match map {
            Some(m) => self
                .mapped_graph(m)
                .map_err(|e| Error::Options(format!("{}: {e}", self.name)))?,
            None => self.graph.clone(),
        };
        mapped.check_bounds(bounds).map_err(|p| {
            Error::Options(format!(
                "{}: {p}, so chance pruning could cut wrongly",
                self.name
            ))
        })?;
        Ok(Some(bounds))
    }

    fn check_presets(&self) -> Result<()> {
        for (i, run) in self.spec.runs.iter().enumerate() {
            if self.spec.runs[..i].iter().any(|r| r.name == run.name) {
                return Err(self.bad_run(&run.name, "the name is used by an earlier preset".into()));
            }
            // A solver's stage searches to the end of the game: its depth is the game's.
            if run.depth.is_none() && run.stage.is_none() {
                return Err(self.bad_run(&run.name, "a preset must set depth".into()));
            }
            let setup =
                self.setup(Some(&run.name), &Overrides::default())
                    .map_err(|e| match e {
                        Error::Options(m) => self.bad_run(&run.name, m),
                        other => other,
                    })?;
            self.check_stated_tree(run, &setup)
                .map_err(|m| self.bad_run(&run.name, m))?;
        }
        for note in &self.spec.notes {
            if !self.spec.runs.iter().any(|r| r.name == note.run) {
                return Err(invalid(
                    &self.name,
                    Problem::Lesson(format!(
                        "a note refers to run '{}', which is not a preset",
                        note.run
                    )),
                ));
            }
        }
        let checked = (self.spec.facts.iter().map(|f| ("a fact", &f.run)))
            .chain(
                self.spec
                    .practice
                    .iter()
                    .map(|p| ("a practice item", &p.run)),
            )
            .chain(
                (self.spec.practice.iter())
                    .filter_map(|p| p.compare.as_ref().map(|c| ("a practice item", c))),
            );
        // A demo's start and its preset steps name presets; its go targets are checked
        // against the runs themselves by the lesson tests (they depend on the run).
        let demo_runs = self.spec.demos.iter().flat_map(|d| {
            d.run
                .iter()
                .map(String::as_str)
                .chain(d.steps.iter().filter_map(|s| s.preset()))
        });
        let checked = checked
            .map(|(what, run)| (what, run.as_str()))
            .chain(demo_runs.map(|r| ("a demo", r)));
        for (i, d) in self.spec.demos.iter().enumerate() {
            let problem = if self.spec.demos[..i].iter().any(|e| e.name == d.name) {
                Some(format!("two demos are named '{}'", d.name))
            } else if d.steps.is_empty() {
                Some(format!("demo '{}' has no steps", d.name))
            } else if self.spec.runs.is_empty() {
                Some(format!("demo '{}' needs a run preset to start on", d.name))
            } else {
                None
            };
            if let Some(p) = problem {
                return Err(invalid(&self.name, Problem::Lesson(p)));
            }
        }
        for (what, run) in checked {
            if !self.spec.runs.iter().any(|r| r.name == run) {
                return Err(invalid(
                    &self.name,
                    Problem::Lesson(format!(
                        "{what} refers to run '{run}', which is not a preset"
                    )),
                ));
            }
        }
        Ok(())
    }

    /// A preset's stated Monte Carlo tree and script, judged at load: its paths exist, and the
    /// core accepts its counts and script (a run of no iteration builds the stated tree with
    /// the core's own checks: no child with more visits than its parent, children's visits
    /// within their parent's, no more wins than visits, a script as long as the iterations).
    fn check_stated_tree(
        &self,
        run: &RunSpec,
        setup: &RunSetup,
    ) -> std::result::Result<(), String> {
        if !run.states_tree() {
            return Ok(());
        }
        if setup.given.is_none() {
            return Err(
                "\"given\" and \"script\" state a Monte Carlo tree: the preset needs \"algorithm\": \"mcts\""
                    .into(),
            );
        }
        if !run.script.is_empty() && setup.options.mcts.playout != Playout::Scripted {
            return Err(
                "a \"script\" gives the results of scripted playouts: the preset needs \"playout\": \"scripted\""
                    .into(),
            );
        }
        let prior = self.prior(setup)?;
        given::judge(&self.model, setup.start, &setup.options, &prior, &run.given)
    }

    fn bad_run(&self, run: &str, message: String) -> Error {
        let prefix = format!("{}: ", self.name);
        let message = message
            .strip_prefix(&prefix)
            .map(str::to_string)
            .unwrap_or(message);
        invalid(
            &self.name,
            Problem::BadRun {
                run: run.to_string(),
                message,
            },
        )
    }
}

/// Reads a lesson-sized text file (see `crate::input`: a regular file, read through a bounded
/// reader, UTF-8, a byte order mark skipped).
pub fn read_text(path: &Path) -> Result<String> {
    read_text_within(path, MAX_FILE_BYTES)
}

/// `read_text` with a size limit of the caller's (saved traces are larger than lessons).
pub fn read_text_within(path: &Path, limit: u64) -> Result<String> {
    crate::input::read_text(path, limit)
}

pub use crate::input::{check_file, utf8_text};

/// What a lesson that is not a graph game holds as its graph: one MAX node scored 0, never run.
pub(crate) fn stand_in_graph() -> Graph {
    let spec: GraphSpec = serde_json::from_str(r#"{"nodes": [{"player": "MAX", "score": 0}]}"#)
        .expect("the stand-in graph is valid JSON");
    Graph::from_spec(&spec).expect("the stand-in graph keeps the contract")
}

pub fn builtin_names() -> Vec<&'static str> {
    builtin::BUILTIN.iter().map(|(stem, _)| *stem).collect()
}

/// What the refusal of an unknown lesson `name` lists: the built-in names nearest to it when
/// it looks like a misspelling of one (a few edits away), else every built-in name.
fn known_for(name: &str) -> String {
    let all = builtin_names();
    let typed: Vec<char> = name.chars().take(200).collect();
    let near = |stem: &str| -> Option<usize> {
        let stem: Vec<char> = stem.chars().collect();
        let d = edits(&typed, &stem);
        (d <= 3.max(stem.len() / 5)).then_some(d)
    };
    let mut close: Vec<(usize, &str)> = all.iter().filter_map(|s| Some((near(s)?, *s))).collect();
    if close.is_empty() {
        return format!("built-in lessons: {}", all.join(", "));
    }
    close.sort();
    let best = close[0].0;
    let names: Vec<&str> = close
        .iter()
        .filter(|c| c.0 == best)
        .map(|c| c.1)
        .take(3)
        .collect();
    format!(
        "did you mean {}? prune lessons lists all {} built-in lessons",
        names.join(" or "),
        all.len()
    )
}

/// Levenshtein distance: the fewest insertions, deletions and substitutions from `a` to `b`.
fn edits(a: &[char], b: &[char]) -> usize {
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != cb))
                .min(above + 1)
                .min(row[j] + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

fn invalid(origin: &str, problem: Problem) -> Error {
    Error::Invalid {
        path: origin.to_string(),
        problem,
    }
}

/// A window bound in a file: an integer, or "-inf" / "inf".
#[derive(Deserialize)]
#[serde(untagged)]
enum BoundSpec {
    Int(i64),
    Word(String),
}

fn window_option<'de, D: Deserializer<'de>>(
    d: D,
) -> std::result::Result<Option<(i32, i32)>, D::Error> {
    use serde::de::Error as _;
    let pair: Option<(BoundSpec, BoundSpec)> = Option::deserialize(d)?;
    let bound = |b: BoundSpec| match b {
        BoundSpec::Int(v) if (-(INF as i64)..=INF as i64).contains(&v) => Ok(v as i32),
        BoundSpec::Word(w) if w == "inf" || w == "+inf" => Ok(INF),
        BoundSpec::Word(w) if w == "-inf" => Ok(-INF),
        _ => Err(D::Error::custom(
            "a window bound is an integer, \"-inf\" or \"inf\"",
        )),
    };
    pair.map(|(lo, hi)| Ok((bound(lo)?, bound(hi)?)))
        .transpose()
}

/// A preset number that does not even fit its type gets the rule's range, not serde's
/// "expected u8"; in-type values are range-checked with the rest of the preset.
fn preset_number<'de, D: Deserializer<'de>, T: TryFrom<i64>>(
    d: D,
    what: &str,
    expected: &str,
) -> std::result::Result<Option<T>, D::Error> {
    use serde::de::Error as _;
    let value: Option<serde_json::Value> = Option::deserialize(d)?;
    let Some(value) = value else { return Ok(None) };
    value
        .as_i64()
        .and_then(|v| T::try_from(v).ok())
        .map(Some)
        .ok_or_else(|| D::Error::custom(format!("{what} must be {expected}, not {value}")))
}

fn start_field<'de, D: Deserializer<'de>>(d: D) -> std::result::Result<Option<u32>, D::Error> {
    preset_number(d, "start", "a node number (an integer from 0)")
}

fn depth_field<'de, D: Deserializer<'de>>(d: D) -> std::result::Result<Option<u8>, D::Error> {
    preset_number(d, "depth", "an integer in 1..=12")
}

fn qlimit_field<'de, D: Deserializer<'de>>(d: D) -> std::result::Result<Option<u8>, D::Error> {
    preset_number(d, "qlimit", "an integer in 0..=6")
}

fn budget_field<'de, D: Deserializer<'de>>(d: D) -> std::result::Result<Option<u64>, D::Error> {
    preset_number(d, "budget", "an integer in 1..=1000000")
}

/// Parses a window bound written on the command line.
pub fn parse_bound(text: &str) -> std::result::Result<i32, String> {
    match text.trim() {
        "inf" | "+inf" => Ok(INF),
        "-inf" => Ok(-INF),
        t => t
            .parse::<i32>()
            .ok()
            .filter(|v| (-INF..=INF).contains(v))
            .ok_or_else(|| {
                format!(
                    "'{}' is not a score (an integer, -inf or inf)",
                    crate::text::cut(t)
                )
            }),
    }
}

/// C as a preset writes it: a number, or "sqrt2" / "√2".
fn c_field<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> std::result::Result<Option<crate::search::mcts::Real>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum C {
        Number(f64),
        Text(String),
    }
    let c = match C::deserialize(d)? {
        C::Number(c) => crate::search::mcts::checked_c(c).map_err(serde::de::Error::custom)?,
        C::Text(t) => crate::search::mcts::parse_c(&t).map_err(serde::de::Error::custom)?,
    };
    Ok(Some(crate::search::mcts::Real(c)))
}
