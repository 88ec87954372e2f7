//! The size lessons: every figure they state (`size_facts`) against arithmetic of the test's
//! own (the decimal big integers of `tests/size/big.rs`, Newton's method for Pearl's ratio,
//! an enumeration of the dice), the seed's wrong figures refused, and every worked example
//! and practice question of seeds 003 and 004 on counting present in some lesson.

#[path = "size/big.rs"]
mod big;

use big::{Big, pow};
use prune::lesson::Lesson;
use prune::lesson::facts::{SizeFactSpec, SizeFigure};
use serde_json::{Value, json};

const LESSONS: [&str; 5] = [
    "003-size-full-tree",
    "004-size-ordering-budget",
    "004-size-deepening",
    "004-size-plies",
    "004-size-dice",
];

fn km(b: u64, d: u32) -> Big {
    pow(b, d.div_ceil(2)).add(&pow(b, d / 2)).minus_one()
}

fn sum(terms: impl Iterator<Item = Big>) -> Big {
    terms.fold(Big::small(0), |a, t| a.add(&t))
}

/// A fraction of two counts that fit u128, to `places` decimals, rounded half up.
fn decimal(n: u128, q: u128, places: u32) -> String {
    let scale = 10u128.pow(places);
    let scaled = (2 * n * scale + q) / (2 * q);
    if places == 0 {
        return scaled.to_string();
    }
    format!(
        "{}.{:0w$}",
        scaled / scale,
        scaled % scale,
        w = places as usize
    )
}

fn places(text: &str) -> u32 {
    text.split_once('.').map_or(0, |(_, f)| {
        f.chars().take_while(char::is_ascii_digit).count() as u32
    })
}

/// Pearl's ratio by Newton's method on x^b + x − 1 (the program bisects).
fn pearl(b: u32) -> f64 {
    let mut x = 0.5f64;
    for _ in 0..100 {
        let f = x.powi(b as i32) + x - 1.0;
        let df = b as f64 * x.powi(b as i32 - 1) + 1.0;
        x -= f / df;
    }
    x / (1.0 - x)
}

/// Two dice: (orders, rolls) per group, enumerated.
fn dice_groups() -> Vec<(u32, usize)> {
    let mut ways = std::collections::BTreeMap::new();
    for a in 1..=6 {
        for b in 1..=6 {
            *ways.entry((a.min(b), a.max(b))).or_insert(0u32) += 1;
        }
    }
    let mut groups: Vec<(u32, usize)> = Vec::new();
    for w in [1, 2] {
        groups.push((w, ways.values().filter(|&&x| x == w).count()));
    }
    groups
}

/// What the oracle says the fact's figure is, written as the fact writes it.
fn oracle(f: &SizeFactSpec) -> Value {
    let stated = match &f.equals {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let (b, d) = (f.branching.unwrap_or(0) as u64, f.depth.unwrap_or(0));
    let count = |n: Big| -> Value {
        if stated.starts_with("10^") {
            json!(format!("10^{:.*}", places(&stated) as usize, n.log10()))
        } else {
            json!(n.decimal())
        }
    };
    let share = |n: Big, q: Big| -> Value {
        let (n, q) = (n.to_u128().unwrap(), q.to_u128().unwrap());
        let number = stated.trim_end_matches('%').trim_end();
        json!(format!(
            "{}{}%",
            decimal(100 * n, q, places(number)),
            &stated[number.len()..stated.len() - 1]
        ))
    };
    let earlier = || sum((1..d).map(|k| pow(b, k)));
    let earlier_km = || sum((1..d).map(|k| km(b, k)));
    match f.figure {
        SizeFigure::Leaves => count(pow(b, d)),
        SizeFigure::Positions => count(sum((0..=d).map(|k| pow(b, k)))),
        SizeFigure::KnuthMoore => count(km(b, d)),
        SizeFigure::PearlRatio => {
            json!(format!("{:.*}", places(&stated) as usize, pearl(b as u32)))
        }
        SizeFigure::EarlierLeaves => count(earlier()),
        SizeFigure::EarlierLeavesShare => share(earlier(), pow(b, d)),
        SizeFigure::EarlierKnuthMoore => count(earlier_km()),
        SizeFigure::EarlierKnuthMooreShare => share(earlier_km(), km(b, d)),
        SizeFigure::Time => {
            let rate = f.rate.unwrap();
            let leaves = pow(b, d);
            let mut seconds = leaves.div_small(rate);
            if leaves.rem_small(rate) != 0 {
                seconds.add_small(1);
            }
            let years = seconds.div_small(31_557_600);
            json!(format!("10^{:.1} years", years.log10()))
        }
        SizeFigure::PliesPerRound | SizeFigure::Plies => {
            let per = match (&f.turns, f.players) {
                (Some(t), _) => t.len() as u64,
                (None, Some(p)) => p as u64,
                _ => panic!("a plies fact names its players"),
            };
            let rounds = if f.figure == SizeFigure::Plies {
                f.rounds.unwrap_or(1) as u64
            } else {
                1
            };
            json!((per * rounds).to_string())
        }
        SizeFigure::DiceOrdered => json!((6 * 6).to_string()),
        SizeFigure::DiceDistinct => {
            json!(dice_groups().iter().map(|g| g.1).sum::<usize>().to_string())
        }
        SizeFigure::DiceGroups => json!(
            dice_groups()
                .iter()
                .map(|&(w, n)| json!([w, n, if w == 1 { "1/36" } else { "1/18" }]))
                .collect::<Vec<_>>()
        ),
        SizeFigure::DiceSum => {
            // Σ rolls · orders / 36, exactly: the orders cover the 36 outcomes once.
            let orders: u32 = dice_groups().iter().map(|&(w, n)| w * n as u32).sum();
            json!(if orders == 36 {
                "1".to_string()
            } else {
                format!("{orders}/36")
            })
        }
        SizeFigure::DicePaths => {
            let distinct: usize = dice_groups().iter().map(|g| g.1).sum();
            let per = distinct as u64 * f.actions.unwrap() as u64;
            json!(pow(per, f.stages.unwrap_or(1)).decimal())
        }
        other => panic!("no oracle for {other:?}: add one before a lesson states it"),
    }
}

/// The stated value as the oracle writes it (numbers as their digits).
fn stated(f: &SizeFactSpec) -> Value {
    match &f.equals {
        Value::Number(n) => json!(n.to_string()),
        Value::String(s) => json!(s.trim()),
        other => other.clone(),
    }
}

#[test]
fn every_size_fact_equals_the_oracle_and_the_program() {
    let mut checked = 0;
    for stem in LESSONS {
        let lesson = Lesson::open(stem).unwrap();
        assert!(!lesson.spec.size_facts.is_empty(), "{stem}");
        for f in &lesson.spec.size_facts {
            assert_eq!(oracle(f), stated(f), "{stem}: {f:?}");
            let (holds, got) = f.holds().unwrap();
            assert!(holds, "{stem}: {f:?}: the program gives {got}");
            checked += 1;
        }
        let wrong = prune::lesson::size_facts::check(stem, &lesson.spec.size_facts);
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
    assert!(checked >= 50, "{checked}");
}

fn fact(v: Value) -> SizeFactSpec {
    serde_json::from_value(v).unwrap()
}

/// The seeds' wrong figures fail as facts, so a lesson cannot state them.
#[test]
fn the_seeds_wrong_figures_fail() {
    // Seed 003: 35^80 ≈ 10^40 (it is 10^123.5), and the years that follow from it.
    let f = fact(json!({"figure": "leaves", "branching": 35, "depth": 80, "equals": "10^40"}));
    assert!(!f.holds().unwrap().0);
    assert_eq!(pow(35, 80).log10().floor(), 123.0);
    let f = fact(json!({"figure": "time", "branching": 35, "depth": 80,
        "rate": 1_000_000_000_000u64, "equals": "10^20.0 years"}));
    assert!(!f.holds().unwrap().0);
    // Set 1, question 10's distractors: alpha-beta at depth 5 is not 127, minimax at depth 6
    // is not 64.
    let f = fact(json!({"figure": "knuth-moore", "branching": 4, "depth": 5, "equals": 127}));
    assert!(!f.holds().unwrap().0);
    let f = fact(json!({"figure": "leaves", "branching": 4, "depth": 6, "equals": 64}));
    assert!(!f.holds().unwrap().0);
    // Set 2, question 8's distractor 156 is the positions, not the leaves.
    let f = fact(json!({"figure": "leaves", "branching": 5, "depth": 3, "equals": 156}));
    assert!(!f.holds().unwrap().0);
    // 1/21 each is not a distinct roll's probability.
    let f = fact(
        json!({"figure": "dice-groups", "dice": "2d6", "equals": [[1, 6, "1/21"], [2, 15, "1/21"]]}),
    );
    assert!(!f.holds().unwrap().0);
}

/// A seed's example: what it is, the figure, its branching and depth, the value.
type Example = (&'static str, SizeFigure, Option<u32>, Option<u32>, Value);

/// Every counting example and question of seeds 003 and 004 is stated by some size lesson:
/// (figure, branching, depth or dice, the figure) as the seed's own example needs it.
#[test]
fn every_seed_example_on_counting_has_a_lesson() {
    let all: Vec<SizeFactSpec> = LESSONS
        .iter()
        .flat_map(|s| Lesson::open(s).unwrap().spec.size_facts)
        .collect();
    let has = |figure: SizeFigure, b: Option<u32>, d: Option<u32>, equals: Value| {
        all.iter().any(|f| {
            f.figure == figure
                && f.branching == b
                && f.depth == d
                && stated(f) == stated(&fact(json!({"figure": "leaves", "equals": equals.clone()})))
        })
    };
    let examples: Vec<Example> = vec![
        (
            "003 2.3.2: b = 2, d = 3, 15 visits",
            SizeFigure::Positions,
            Some(2),
            Some(3),
            json!(15),
        ),
        (
            "003 2.3.2: d = 10, 2,047 visits",
            SizeFigure::Positions,
            Some(2),
            Some(10),
            json!(2047),
        ),
        (
            "003 2.3.2: d = 20, over two million",
            SizeFigure::Positions,
            Some(2),
            Some(20),
            json!(2_097_151),
        ),
        (
            "003 2.3.3: tic-tac-toe 3^9",
            SizeFigure::Leaves,
            Some(3),
            Some(9),
            json!(19683),
        ),
        (
            "003 2.3.3: chess 35^80",
            SizeFigure::Leaves,
            Some(35),
            Some(80),
            json!("10^123.5"),
        ),
        (
            "003 2.3.3: Go 250^150",
            SizeFigure::Leaves,
            Some(250),
            Some(150),
            json!("10^359.7"),
        ),
        (
            "003 3.3.1 / 004 3.2: b = 35, depth 8 best",
            SizeFigure::KnuthMoore,
            Some(35),
            Some(8),
            json!(3_001_249),
        ),
        (
            "004 3.2: b = 35, depth 4 minimax",
            SizeFigure::Leaves,
            Some(35),
            Some(4),
            json!(1_500_625),
        ),
        (
            "004 3.2: ID depths 1..7 perfect",
            SizeFigure::EarlierKnuthMoore,
            Some(35),
            Some(8),
            json!(1_677_159),
        ),
        (
            "004 3.2: ID about 56 %",
            SizeFigure::EarlierKnuthMooreShare,
            Some(35),
            Some(8),
            json!("56 %"),
        ),
        (
            "004 3.2: ID 1/(35 − 1) ≈ 2.9 %",
            SizeFigure::EarlierLeavesShare,
            Some(35),
            Some(8),
            json!("2.9 %"),
        ),
        (
            "004 1.2: b = 4, depth 3",
            SizeFigure::Leaves,
            Some(4),
            Some(3),
            json!(64),
        ),
        (
            "004 1.2: b = 4, depth 4",
            SizeFigure::Leaves,
            Some(4),
            Some(4),
            json!(256),
        ),
        (
            "004 1.2: chess 35^100",
            SizeFigure::Leaves,
            Some(35),
            Some(100),
            json!("10^154"),
        ),
        (
            "004 1.2: Go's 361 first moves",
            SizeFigure::Leaves,
            Some(19),
            Some(2),
            json!(361),
        ),
        (
            "004 practice: b = 3, depth 3",
            SizeFigure::Leaves,
            Some(3),
            Some(3),
            json!(27),
        ),
        (
            "004 practice: two turns each, b = 2",
            SizeFigure::Leaves,
            Some(2),
            Some(4),
            json!(16),
        ),
        (
            "004 set 1 q10: b = 4, depth 6 best",
            SizeFigure::KnuthMoore,
            Some(4),
            Some(6),
            json!(127),
        ),
        (
            "004 set 1 q10: minimax 4^6",
            SizeFigure::Leaves,
            Some(4),
            Some(6),
            json!(4096),
        ),
        (
            "004 set 2 q8: b = 5, depth 3",
            SizeFigure::Leaves,
            Some(5),
            Some(3),
            json!(125),
        ),
        (
            "004 set 4: growth from depth 2",
            SizeFigure::Leaves,
            Some(4),
            Some(2),
            json!(16),
        ),
        (
            "004 3.2: Pearl for b = 35",
            SizeFigure::PearlRatio,
            Some(35),
            None,
            json!("12.8302"),
        ),
    ];
    for (what, figure, b, d, equals) in examples {
        assert!(has(figure, b, d, equals), "{what}");
    }
    let any = |figure: SizeFigure, equals: Value| {
        all.iter().any(|f| {
            f.figure == figure
                && stated(f) == stated(&fact(json!({"figure": "leaves", "equals": equals.clone()})))
        })
    };
    assert!(
        any(SizeFigure::Plies, json!(6)),
        "004 set 3 q1: two cycles of three"
    );
    assert!(
        any(SizeFigure::PliesPerRound, json!(3)),
        "004 2.3: two pursuers"
    );
    assert!(any(SizeFigure::DiceOrdered, json!(36)));
    assert!(any(SizeFigure::DiceDistinct, json!(21)));
    assert!(any(SizeFigure::DicePaths, json!(176_400)));
}
