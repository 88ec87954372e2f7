//! The check schema: the six events a student's own alpha-beta prints, one JSON object per
//! line, and the same events as prune prints its own run.
//!
//! ```text
//! {"event":"enter","node":"a","depth":1,"alpha":"-inf","beta":"inf"}
//! {"event":"probe","node":"a","depth":1,"hit":false}
//! {"event":"window","node":"a","alpha":"-inf","beta":6}
//! {"event":"cutoff","node":"a","alpha":"-inf","beta":6,"move":0}
//! {"event":"store","node":"a","depth":1,"value":6,"flag":"UPPER","move":0}
//! {"event":"return","node":"a","value":6,"move":0}
//! ```
//! `node` is a label or a state number (a string or a number); a bound is an integer, or
//! `"inf"` / `"-inf"` (any integer at least 1000000 from zero is taken as infinite); `move`
//! is the index of a move in the node's move list, `null` (or -1) for none; `flag` is EXACT,
//! LOWER or UPPER. Only `event` and `node` (and `value` of a return, `alpha` and `beta` of a
//! window, `hit` of a probe, `value` and `flag` of a store) are required: a field a line leaves
//! out is not compared.

use std::fmt::Write as _;

use serde_json::{Map, Value};

use crate::trace::Catalog;
use crate::value::{Flag, INF};

/// The kinds of line, in the order the README lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Enter,
    Probe,
    Window,
    Cutoff,
    Store,
    Return,
}

impl Kind {
    pub const ALL: [Kind; 6] = [
        Kind::Enter,
        Kind::Probe,
        Kind::Window,
        Kind::Cutoff,
        Kind::Store,
        Kind::Return,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Enter => "enter",
            Kind::Probe => "probe",
            Kind::Window => "window",
            Kind::Cutoff => "cutoff",
            Kind::Store => "store",
            Kind::Return => "return",
        }
    }

    fn named(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The fields a line of this kind may have besides `event` and `node`, and which of them
    /// it must have.
    fn fields(self) -> (&'static [Field], &'static [Field]) {
        use Field::*;
        match self {
            Kind::Enter => (&[Depth, Q, Alpha, Beta], &[]),
            Kind::Probe => (&[Depth, Q, Hit, Flag, Value], &[Hit]),
            Kind::Window => (&[Alpha, Beta], &[Alpha, Beta]),
            Kind::Cutoff => (&[Move, Alpha, Beta], &[]),
            Kind::Store => (&[Depth, Q, Value, Flag, Move], &[Value, Flag]),
            Kind::Return => (&[Value, Move], &[Value]),
        }
    }
}

/// A compared field of a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    Node,
    Depth,
    Q,
    Alpha,
    Beta,
    Value,
    Flag,
    Move,
    Hit,
}

impl Field {
    pub fn name(self) -> &'static str {
        match self {
            Field::Node => "node",
            Field::Depth => "depth",
            Field::Q => "q",
            Field::Alpha => "alpha",
            Field::Beta => "beta",
            Field::Value => "value",
            Field::Flag => "flag",
            Field::Move => "move",
            Field::Hit => "hit",
        }
    }

    const ALL: [Field; 9] = [
        Field::Node,
        Field::Depth,
        Field::Q,
        Field::Alpha,
        Field::Beta,
        Field::Value,
        Field::Flag,
        Field::Move,
        Field::Hit,
    ];
}

/// One value of a field, as compared and as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Node(u32),
    Int(i32),
    /// A window bound or a value: ±INF are the infinities.
    Score(i32),
    Flag(Option<Flag>),
    /// A move index, -1 for none.
    Move(i16),
    Hit(bool),
}

/// One line of the schema. Prune's own lines have every field of their kind; a student's
/// has what it printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    pub kind: Kind,
    pub node: u32,
    pub depth: Option<u8>,
    pub q: Option<u8>,
    pub alpha: Option<i32>,
    pub beta: Option<i32>,
    pub value: Option<i32>,
    /// A store's flag, or the flag of the entry a probe found (`Some(None)`: nothing found).
    pub flag: Option<Option<Flag>>,
    pub mv: Option<i16>,
    pub hit: Option<bool>,
}

impl Line {
    pub fn new(kind: Kind, node: u32) -> Line {
        Line {
            kind,
            node,
            depth: None,
            q: None,
            alpha: None,
            beta: None,
            value: None,
            flag: None,
            mv: None,
            hit: None,
        }
    }

    /// The value of `field` on this line, if it has one.
    pub fn cell(&self, field: Field) -> Option<Cell> {
        match field {
            Field::Node => Some(Cell::Node(self.node)),
            Field::Depth => self.depth.map(|d| Cell::Int(d.into())),
            Field::Q => self.q.map(|d| Cell::Int(d.into())),
            Field::Alpha => self.alpha.map(Cell::Score),
            Field::Beta => self.beta.map(Cell::Score),
            Field::Value => self.value.map(Cell::Score),
            Field::Flag => self.flag.map(Cell::Flag),
            Field::Move => self.mv.map(Cell::Move),
            Field::Hit => self.hit.map(Cell::Hit),
        }
    }

    /// The first field this (student's) line has that `expected` has differently, in the
    /// order of `Field::ALL` (the node first).
    pub fn first_difference(&self, expected: &Line) -> Option<Field> {
        Field::ALL.into_iter().find(|&f| match self.cell(f) {
            Some(given) => expected.cell(f) != Some(given),
            None => false,
        })
    }

    /// The line as prune prints it: every field it has, in the README's order; `q` only
    /// when `quiescence` (a run with a q limit).
    pub fn write(&self, catalog: &Catalog, quiescence: bool) -> String {
        let mut s = format!(
            "{{\"event\":\"{}\",\"node\":{}",
            self.kind.name(),
            node_json(catalog, self.node)
        );
        let mut put = |name: &str, text: String| {
            let _ = write!(s, ",\"{name}\":{text}");
        };
        if let Some(d) = self.depth {
            put("depth", d.to_string());
        }
        if let Some(q) = self.q.filter(|_| quiescence) {
            put("q", q.to_string());
        }
        if let Some(h) = self.hit {
            put("hit", h.to_string());
        }
        if let Some(a) = self.alpha {
            put("alpha", score_json(a));
        }
        if let Some(b) = self.beta {
            put("beta", score_json(b));
        }
        if let Some(v) = self.value {
            put("value", score_json(v));
        }
        // A probe that found nothing leaves out its flag (a student's `null` still compares).
        if let Some(Some(f)) = self.flag {
            put("flag", format!("\"{}\"", f.name()));
        }
        if let Some(m) = self.mv {
            put("move", if m < 0 { "null".into() } else { m.to_string() });
        }
        s.push('}');
        s
    }
}

/// A node as prune writes it: its label as a JSON string, else its number.
fn node_json(catalog: &Catalog, node: u32) -> String {
    match catalog.label(node) {
        Some(label) => Value::String(label.to_string()).to_string(),
        None => node.to_string(),
    }
}

/// A score as prune writes it: an integer, or "inf" / "-inf".
fn score_json(v: i32) -> String {
    match v {
        v if v >= INF => "\"inf\"".into(),
        v if v <= -INF => "\"-inf\"".into(),
        v => v.to_string(),
    }
}

/// A score as a sentence shows it.
pub fn score_text(v: i32) -> String {
    match v {
        v if v >= INF => "+∞".into(),
        v if v <= -INF => "−∞".into(),
        v => v.to_string(),
    }
}

/// A cell as a sentence shows it.
pub fn cell_text(cell: Option<Cell>, catalog: &Catalog) -> String {
    match cell {
        None => "nothing".into(),
        Some(Cell::Node(n)) => catalog.name(n),
        Some(Cell::Int(i)) => i.to_string(),
        Some(Cell::Score(v)) => score_text(v),
        Some(Cell::Flag(f)) => f.map_or("no entry".into(), |f| f.name().into()),
        Some(Cell::Move(m)) if m < 0 => "no move".into(),
        Some(Cell::Move(m)) => format!("move {m}"),
        Some(Cell::Hit(h)) => if h { "a hit" } else { "no hit" }.into(),
    }
}

/// Reads one line of a student's file: `Err` is the rule it breaks (the caller names the
/// file and line). `node` gives the number of the position a `"node"` names.
pub fn parse(
    object: &Map<String, Value>,
    node: &mut dyn FnMut(&Value) -> Result<u32, String>,
) -> Result<Line, String> {
    let kind = match object.get("event") {
        Some(Value::String(name)) => Kind::named(name).ok_or_else(|| {
            format!(
                "unknown event \"{}\" (the events are {})",
                crate::text::cut(name),
                names(Kind::ALL.iter().map(|k| k.name()))
            )
        })?,
        Some(other) => return Err(format!("\"event\" is {}, not a string", json_kind(other))),
        None => return Err("no \"event\" field".into()),
    };
    let node = match object.get("node") {
        Some(v) => node(v)?,
        None => return Err(format!("the {} has no \"node\"", kind.name())),
    };
    let (allowed, required) = kind.fields();
    for key in object.keys() {
        let known = key == "event" || key == "node" || allowed.iter().any(|f| f.name() == key);
        if !known {
            return Err(format!(
                "{} has no field \"{}\" (its fields: node, {})",
                kind.name(),
                crate::text::cut(key),
                names(allowed.iter().map(|f| f.name()))
            ));
        }
    }
    if let Some(f) = required.iter().find(|f| !object.contains_key(f.name())) {
        return Err(format!("the {} has no \"{}\"", kind.name(), f.name()));
    }
    let mut line = Line::new(kind, node);
    for &field in allowed {
        if let Some(v) = object.get(field.name()) {
            set(&mut line, field, v)?;
        }
    }
    Ok(line)
}

fn names<'a>(names: impl Iterator<Item = &'a str>) -> String {
    names.collect::<Vec<_>>().join(", ")
}

fn json_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// The number of the position `v` names in `catalog`; a name the catalog does not list is
/// handed to `unknown`, which reads it in the game's notation.
pub fn node_of(
    v: &Value,
    catalog: &Catalog,
    unknown: impl FnOnce(&str) -> Option<Result<u32, String>>,
) -> Result<u32, String> {
    let found = match v {
        Value::String(s) => match catalog.find(s) {
            Some(id) => Some(id),
            None => match unknown(s) {
                Some(read) => {
                    return read.map_err(|why| {
                        format!(
                            "node \"{}\" is not a position of this lesson: {why}",
                            crate::text::cut(s)
                        )
                    });
                }
                None => None,
            },
        },
        Value::Number(n) => n
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .filter(|&id| catalog.contains(id)),
        other => return Err(format!("\"node\" is {}, not a name", json_kind(other))),
    };
    found.ok_or_else(|| {
        let shown = match v {
            Value::String(s) => format!("\"{}\"", crate::text::cut(s)),
            other => other.to_string(),
        };
        format!("node {shown} is not a position of this lesson")
    })
}

fn set(line: &mut Line, field: Field, v: &Value) -> Result<(), String> {
    let bad = |what: &str| format!("\"{}\" is {}, not {what}", field.name(), json_kind(v));
    match field {
        Field::Node => {}
        Field::Depth | Field::Q => {
            let d = v
                .as_u64()
                .and_then(|d| u8::try_from(d).ok())
                .ok_or_else(|| bad("a depth (0 to 255)"))?;
            if field == Field::Depth {
                line.depth = Some(d);
            } else {
                line.q = Some(d);
            }
        }
        Field::Alpha | Field::Beta | Field::Value => {
            let s = score(v).ok_or_else(|| bad("an integer, \"inf\" or \"-inf\""))?;
            match field {
                Field::Alpha => line.alpha = Some(s),
                Field::Beta => line.beta = Some(s),
                _ => line.value = Some(s),
            }
        }
        Field::Flag => {
            line.flag = Some(match v {
                Value::Null => None,
                Value::String(s) => Some(flag(s).ok_or_else(|| {
                    format!(
                        "\"flag\" is \"{}\", not EXACT, LOWER or UPPER",
                        crate::text::cut(s)
                    )
                })?),
                _ => return Err(bad("EXACT, LOWER or UPPER")),
            })
        }
        Field::Move => {
            line.mv = Some(match v {
                Value::Null => -1,
                v => v
                    .as_i64()
                    .filter(|&m| (-1..=i64::from(i16::MAX)).contains(&m))
                    .ok_or_else(|| bad("a move index (or null)"))? as i16,
            })
        }
        Field::Hit => line.hit = Some(v.as_bool().ok_or_else(|| bad("true or false"))?),
    }
    Ok(())
}

fn flag(s: &str) -> Option<Flag> {
    [Flag::Exact, Flag::Lower, Flag::Upper]
        .into_iter()
        .find(|f| f.name().eq_ignore_ascii_case(s.trim()))
}

/// A score: an integer (a whole float too), clamped to ±INF, or an infinity by name.
fn score(v: &Value) -> Option<i32> {
    let clamp = |x: i64| x.clamp(-i64::from(INF), i64::from(INF)) as i32;
    match v {
        Value::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => Some(clamp(i)),
            (None, Some(_), _) => Some(INF),
            // `as` saturates: 1e300 is +inf here as it is to the student.
            (None, None, Some(f)) if f.fract() == 0.0 => Some(clamp(f as i64)),
            _ => None,
        },
        Value::String(s) => match s.trim().to_ascii_lowercase().as_str() {
            "inf" | "+inf" | "infinity" | "+infinity" | "∞" | "+∞" => Some(INF),
            "-inf" | "-infinity" | "-∞" | "−∞" => Some(-INF),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_infinities_by_name_and_by_size() {
        use serde_json::json;
        assert_eq!(score(&json!(3)), Some(3));
        assert_eq!(score(&json!(-3.0)), Some(-3));
        assert_eq!(score(&json!("-inf")), Some(-INF));
        assert_eq!(score(&json!("inf")), Some(INF));
        assert_eq!(score(&json!(-2147483648i64)), Some(-INF));
        assert_eq!(score(&json!(1e300)), Some(INF));
        assert_eq!(score(&json!(2.5)), None);
        assert_eq!(score(&json!("x")), None);
        assert_eq!(score_json(-INF), "\"-inf\"");
        assert_eq!(score_json(7), "7");
    }
}
