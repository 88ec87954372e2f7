//! The key binding table. Key handling and the `?` help screen both read `BINDINGS`, so the
//! help can never disagree with what the keys do.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Everything a key can ask the tutor to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Quit; asks once first when marks or live changes would be lost (Ctrl-C never asks).
    Quit,
    /// Close what is open on the main screen (a comparison, the node cursor); else nothing.
    Close,
    Help,
    Intro,
    Growth,
    Practice,
    StepForward,
    StepBack,
    CallForward,
    CallBack,
    StepOut,
    NextCutoff,
    PrevCutoff,
    NextHit,
    PrevHit,
    NextStore,
    PrevStore,
    NextPass,
    PrevPass,
    /// PVS: the next / previous re-search.
    NextResearch,
    PrevResearch,
    /// Aspiration windows: the end of the next attempt.
    NextAttempt,
    /// Monte Carlo runs: the next / previous iteration's start, and phase's.
    NextIteration,
    PrevIteration,
    NextPhase,
    PrevPhase,
    /// Monte Carlo runs: the next exploration constant C of `monte::C_CYCLE`, run again.
    CycleC,
    /// Negamax: show the stack's and tree's numbers from MAX's side, or from the side to move.
    MaxSide,
    Start,
    End,
    GoTo,
    PlayPause,
    Faster,
    Slower,
    DepthDown,
    DepthUp,
    QDown,
    QUp,
    BudgetDown,
    BudgetUp,
    BudgetFull,
    ToggleTable,
    ToggleOrdering,
    ToggleCutRule,
    ToggleAlgorithm,
    SetWindow,
    /// The graph's evaluation weights: edit them and run again (`weights`).
    Weights,
    /// The score of the leaf under the node cursor: edit it and run again (`weights::leaf`).
    EditLeaf,
    Compare,
    /// The diff of the two compared runs, node by node.
    DiffView,
    NextPreset,
    Lessons,
    /// The course's next step: its next lesson, or the check to take (`tui::course`).
    CourseNext,
    OpenFile,
    TreeMode,
    Collapse,
    Inspect,
    /// The "why" pane: the chain of steps that explains the node (`inspect::WhyPane`).
    Why,
    /// Predict mode: all questions, only cutoffs, off (`tui::predict`).
    Predict,
    /// The next page of the "What happened" text (back to its start after the last).
    MoreText,
    LessText,
    /// The tree outline a page down / up.
    TreePageDown,
    TreePageUp,
    /// The demo's next step (its start when none is chosen).
    DemoNext,
    /// The lesson's next demo, from its start.
    DemoChoose,
    /// A new random tree, from the practice generator.
    RandomTree,
    /// Mark or unmark the step on screen.
    Mark,
    NextMark,
    PrevMark,
    /// Cycle what `Space` plays to (every event, the next call, cutoff, hit, store, pass).
    PlayUntil,
    /// Presenter mode on / off.
    Present,
    /// The presenter's next palette.
    Palette,
    /// In presenter mode, the table / stack / counters over the tree (again: hidden).
    PaneTable,
    PaneStack,
    PaneCounters,
}

/// A key as written in the table: a code and whether Ctrl is held.
#[derive(Clone, Copy, Debug)]
pub struct Key {
    pub code: KeyCode,
    pub ctrl: bool,
}

const fn ch(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        ctrl: false,
    }
}

const fn code(code: KeyCode) -> Key {
    Key { code, ctrl: false }
}

pub struct Binding {
    pub group: &'static str,
    pub keys: &'static [Key],
    /// How the keys are shown in help and the footer.
    pub label: &'static str,
    pub action: Action,
    pub help: &'static str,
}

macro_rules! bind {
    ($group:expr, [$($k:expr),+], $label:expr, $action:ident, $help:expr) => {
        Binding { group: $group, keys: &[$($k),+], label: $label, action: Action::$action, help: $help }
    };
}

pub const BINDINGS: &[Binding] = &[
    bind!(
        "Step",
        [code(KeyCode::Right), ch('l')],
        "→ l",
        StepForward,
        "next event"
    ),
    bind!(
        "Step",
        [code(KeyCode::Left), ch('h')],
        "← h",
        StepBack,
        "previous event"
    ),
    bind!(
        "Step",
        [code(KeyCode::Down), ch('j')],
        "↓ j",
        CallForward,
        "next call; MCTS: scroll down"
    ),
    bind!(
        "Step",
        [code(KeyCode::Up), ch('k')],
        "↑ k",
        CallBack,
        "previous call; MCTS: scroll up"
    ),
    bind!("Step", [ch('o')], "o", StepOut, "out of this call"),
    bind!(
        "Step",
        [code(KeyCode::Home), ch('g')],
        "Home g",
        Start,
        "go to the start"
    ),
    bind!(
        "Step",
        [code(KeyCode::End), ch('G')],
        "End G",
        End,
        "go to the end"
    ),
    bind!("Step", [ch(':')], ":", GoTo, "go to step N, or call cN"),
    bind!("Step", [ch(' ')], "Space", PlayPause, "play / pause"),
    bind!("Step", [ch('y')], "y", PlayUntil, "what Space plays to"),
    bind!("Step", [ch('+')], "+", Faster, "play faster"),
    bind!("Step", [ch('-')], "-", Slower, "play slower"),
    bind!("Jump", [ch('x')], "x", NextCutoff, "next cutoff"),
    bind!("Jump", [ch('X')], "X", PrevCutoff, "previous cutoff"),
    bind!("Jump", [ch('t')], "t", NextHit, "next table hit"),
    bind!("Jump", [ch('T')], "T", PrevHit, "previous table hit"),
    bind!("Jump", [ch('s')], "s", NextStore, "next store"),
    bind!("Jump", [ch('S')], "S", PrevStore, "previous store"),
    bind!("Jump", [ch('p')], "p", NextPass, "next pass"),
    bind!("Jump", [ch('P')], "P", PrevPass, "previous pass"),
    bind!("Jump", [ch('u')], "u", NextResearch, "next PVS re-search"),
    bind!(
        "Jump",
        [ch('U')],
        "U",
        PrevResearch,
        "previous PVS re-search"
    ),
    bind!(
        "Jump",
        [ch('W')],
        "W",
        NextAttempt,
        "next aspiration attempt"
    ),
    bind!(
        "Jump",
        [ch(')')],
        ") (",
        NextIteration,
        "MCTS: next / prev iteration"
    ),
    bind!(
        "Jump",
        [ch('f')],
        "f A",
        NextPhase,
        "MCTS: next / prev phase"
    ),
    bind!("Run", [ch('[')], "[", DepthDown, "depth - 1"),
    bind!("Run", [ch(']')], "]", DepthUp, "depth + 1"),
    bind!("Run", [ch('{')], "{", QDown, "quiescence limit - 1"),
    bind!("Run", [ch('}')], "}", QUp, "quiescence limit + 1"),
    bind!(
        "Run",
        [ch('<'), ch(',')],
        "< ,",
        BudgetDown,
        "budget - 1 call"
    ),
    bind!(
        "Run",
        [ch('>'), ch('.')],
        "> .",
        BudgetUp,
        "budget + 1 call"
    ),
    bind!("Run", [ch('B')], "B", BudgetFull, "budget back to maximum"),
    bind!("Run", [ch('m')], "m", ToggleTable, "table (memo) on / off"),
    bind!(
        "Run",
        [ch('r')],
        "r",
        ToggleOrdering,
        "move ordering on / off"
    ),
    bind!(
        "Run",
        [ch('=')],
        "=",
        ToggleCutRule,
        "cut on α ≥ β / on α > β"
    ),
    bind!(
        "Run",
        [ch('a')],
        "a",
        ToggleAlgorithm,
        "search: αβ minimax … pvs mcts"
    ),
    bind!("Run", [ch('E')], "E", CycleC, "MCTS: C √2 2 1 0.5 0"),
    bind!("Run", [ch('w')], "w", SetWindow, "root window α β"),
    bind!("Run", [ch('*')], "*", Weights, "evaluation weights; re-run"),
    bind!(
        "Run",
        [ch('V')],
        "V",
        EditLeaf,
        "edit the leaf at v's cursor"
    ),
    bind!("Run", [ch('R')], "R", NextPreset, "next run preset"),
    bind!("Demo", [ch('d')], "d", DemoNext, "demo: next step"),
    bind!(
        "Demo",
        [ch('D')],
        "D",
        DemoChoose,
        "demo: choose the next demo"
    ),
    bind!("Demo", [ch('#')], "#", RandomTree, "a new random tree"),
    bind!("Demo", [ch('b')], "b", Mark, "mark / unmark this step"),
    bind!("Demo", [ch('\'')], "'", NextMark, "next marked step"),
    bind!("Demo", [ch('"')], "\"", PrevMark, "previous marked step"),
    bind!(
        "View",
        [ch('c')],
        "c |",
        Compare,
        "compare mm/order/tt/MCTS; diff"
    ),
    bind!(
        "View",
        [code(KeyCode::Tab)],
        "Tab",
        TreeMode,
        "tree: boxes / outline"
    ),
    bind!(
        "View",
        [ch('z'), code(KeyCode::Enter)],
        "z Enter",
        Collapse,
        "fold / unfold a subtree"
    ),
    bind!("View", [ch('v')], "v", Inspect, "inspect nodes (Esc ends)"),
    bind!(
        "View",
        [ch('Y')],
        "Y",
        Why,
        "why? the node's chain of steps"
    ),
    bind!(
        "View",
        [ch('Q')],
        "Q",
        Predict,
        "predict: all / cutoffs / off"
    ),
    bind!(
        "View",
        [ch('n')],
        "n N",
        MoreText,
        "explanation: next/prev page"
    ),
    bind!(
        "View",
        [code(KeyCode::PageDown)],
        "PgDn/Up",
        TreePageDown,
        "tree: page down / up (wheel)"
    ),
    bind!("View", [ch('L')], "L", Lessons, "lessons"),
    bind!("View", [ch('J')], "J", CourseNext, "the course's next step"),
    bind!(
        "View",
        [ch('O')],
        "O",
        OpenFile,
        "open a lesson (Tab completes)"
    ),
    bind!("View", [ch('i')], "i", Intro, "introduction, whole run"),
    bind!("View", [ch('K')], "K", Growth, "chart of the run so far"),
    bind!(
        "View",
        [ch('e')],
        "e",
        Practice,
        "practice round (Esc returns)"
    ),
    bind!(
        "View",
        [ch('M')],
        "M",
        MaxSide,
        "negamax: MAX's or mover's side"
    ),
    bind!("View", [ch('?')], "?", Help, "this help"),
    bind!(
        "View",
        [code(KeyCode::Esc)],
        "Esc",
        Close,
        "close comparison or cursor"
    ),
    bind!(
        "View",
        [ch('q')],
        "q ^C",
        Quit,
        "quit (asks if work is lost)"
    ),
    bind!(
        "Present",
        [ch('F')],
        "F",
        Present,
        "presenter mode on / off"
    ),
    bind!("Present", [ch('C')], "C", Palette, "presenter palette"),
    bind!("Present", [ch('1')], "1", PaneTable, "presenter: the table"),
    bind!("Present", [ch('2')], "2", PaneStack, "presenter: the stack"),
    bind!(
        "Present",
        [ch('3')],
        "3",
        PaneCounters,
        "presenter: the counters"
    ),
];

/// Keys that share a binding's help row: the reverse of its action (`n N`, `PgDn PgUp`), or
/// its companion (`c |`: the diff of the runs `c` compares).
const REVERSES: &[(Key, Action)] = &[
    (ch('N'), Action::LessText),
    (code(KeyCode::PageUp), Action::TreePageUp),
    (ch('|'), Action::DiffView),
    (ch('('), Action::PrevIteration),
    (ch('A'), Action::PrevPhase),
];

/// One key (or a group of keys) a component takes, as the help screen lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyHelp {
    /// The keys as written on screen ("↑↓", "Enter", "PgUp PgDn").
    pub label: &'static str,
    pub help: &'static str,
}

/// A row of a component's key list.
pub const fn key(label: &'static str, help: &'static str) -> KeyHelp {
    KeyHelp { label, help }
}

/// Ctrl-C, which quits at once whatever is open.
pub fn is_ctrl_c(key: KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c')
}

/// Whether `key` answers "quit?" with yes: `q` again, or Ctrl-C.
pub fn answers_quit(key: KeyEvent) -> bool {
    key.code == KeyCode::Char('q') || is_ctrl_c(key)
}

/// The action bound to a key press, if any. Ctrl-C always quits.
pub fn action_for(key: KeyEvent) -> Option<Action> {
    if is_ctrl_c(key) {
        return Some(Action::Quit);
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    BINDINGS
        .iter()
        .find(|b| b.keys.iter().any(|k| k.code == key.code && k.ctrl == ctrl))
        .map(|b| b.action)
        .or_else(|| {
            REVERSES
                .iter()
                .find(|(k, _)| k.code == key.code && k.ctrl == ctrl)
                .map(|&(_, a)| a)
        })
}

/// Help text: the bindings (`help_lines`), then the keys of each layer on screen under its
/// heading (`components::Layers::keys`).
pub fn help_lines_with(sections: &[(&str, &[KeyHelp])]) -> Vec<(String, String)> {
    let mut out = help_lines();
    for (title, keys) in sections {
        out.push((String::new(), format!("── {title} ──")));
        out.extend(
            keys.iter()
                .map(|k| (k.label.to_string(), k.help.to_string())),
        );
    }
    out
}

/// Help text, one line per binding, grouped, generated from `BINDINGS`.
pub fn help_lines() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut group = "";
    for b in BINDINGS {
        if b.group != group {
            group = b.group;
            out.push((String::new(), format!("── {group} ──")));
        }
        out.push((b.label.to_string(), b.help.to_string()));
    }
    out
}

/// The footer's short reminder, from the same table.
pub fn footer(actions: &[Action]) -> String {
    actions
        .iter()
        .filter_map(|a| BINDINGS.iter().find(|b| b.action == *a))
        .map(|b| {
            format!(
                "{} {}",
                b.label.split(' ').next().unwrap_or(""),
                short(b.action)
            )
        })
        .collect::<Vec<_>>()
        .join("  ")
}

fn short(a: Action) -> &'static str {
    match a {
        Action::StepForward => "step",
        Action::CallForward => "call",
        Action::StepOut => "out",
        Action::NextCutoff => "cut",
        Action::NextHit => "hit",
        Action::NextStore => "store",
        Action::NextPass => "pass",
        Action::PlayPause => "play",
        Action::Help => "help",
        Action::Growth => "chart",
        Action::Quit => "quit",
        Action::Lessons => "lessons",
        Action::CourseNext => "course",
        Action::Compare => "compare",
        Action::DemoNext => "demo",
        Action::NextIteration => "iteration",
        Action::NextPhase => "phase",
        _ => "",
    }
}
