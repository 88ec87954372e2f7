//! `--leaf-map` against seed 004, 5.2 ("See why order alone is insufficient", "Preserve
//! decisions with the right transformations") and against a brute-force classification
//! written here: every pair of utilities, compared in i128.

use proptest::prelude::*;
use prune::game::leaf_map::{Kind, LeafMap};

fn map(text: &str) -> LeafMap {
    LeafMap::parse(text).unwrap_or_else(|e| panic!("{e}"))
}

/// Seed 004's two moves: A gives 2 or 3, B gives 1 or 4, with probabilities 0.6 and 0.4.
/// Expectations in tenths, so the comparison stays exact.
fn expectations_in_tenths(f: &LeafMap) -> (i64, i64) {
    let e = |lo: i64, hi: i64| 6 * f.apply(lo).unwrap() + 4 * f.apply(hi).unwrap();
    (e(2, 3), e(1, 4))
}

#[test]
fn cubing_reverses_the_expected_utility_choice() {
    let identity = map("x");
    let cube = map("x^3");
    let affine = map("10x+5");
    let leaves = [2, 3, 1, 4];
    let cubed: Vec<i64> = leaves.iter().map(|&u| cube.apply(u).unwrap()).collect();
    assert_eq!(cubed, [8, 27, 1, 64]);
    // 2.4 against 2.2: A; 15.6 against 26.2: B; 29 against 27: A again.
    assert_eq!(expectations_in_tenths(&identity), (24, 22));
    assert_eq!(expectations_in_tenths(&cube), (156, 262));
    assert_eq!(expectations_in_tenths(&affine), (290, 270));
    // As MIN nodes: 2 and 1 before cubing, 8 and 1 after; the order is kept.
    let min = |f: &LeafMap, a: i64, b: i64| f.apply(a).unwrap().min(f.apply(b).unwrap());
    assert_eq!((min(&identity, 2, 3), min(&identity, 1, 4)), (2, 1));
    assert_eq!((min(&cube, 2, 3), min(&cube, 1, 4)), (8, 1));

    assert_eq!(cube.classify(&leaves), Kind::Increasing);
    assert_eq!(affine.classify(&leaves), Kind::PositiveAffine);
    let said = cube.explain(&leaves);
    assert!(said.contains("minimax decisions stay the same"), "{said}");
    assert!(said.contains("may change"), "{said}");
    let said = affine.explain(&leaves);
    assert!(said.contains("both minimax and expected-utility"), "{said}");
    assert!(said.contains("10v+5"), "{said}");
}

#[test]
fn squaring_names_a_pair_it_reverses() {
    let square = map("x^2");
    assert_eq!(square.classify(&[-2, 1]), Kind::Neither);
    assert_eq!(square.witness(&[1, -2]), Some((-2, 1)));
    let said = square.explain(&[1, -2, 1]);
    assert!(said.contains("-2 < 1"), "{said}");
    assert!(said.contains("4 >= 1"), "{said}");
    assert!(said.contains("Even minimax decisions may change"), "{said}");
    // On utilities of one sign it keeps (or on the negative side reverses) the order.
    assert_eq!(square.classify(&[0, 3, 7]), Kind::Increasing);
    assert_eq!(square.classify(&[-7, -3]), Kind::Neither);
    assert_eq!(map("-x").classify(&[1, 2]), Kind::Neither);
}

#[test]
fn a_graph_with_one_utility_value_has_nothing_to_reorder() {
    let said = map("-x").explain(&[5, 5]);
    assert!(said.contains("one utility value (5)"), "{said}");
    assert_eq!(map("-x").classify(&[5, 5]), Kind::Increasing);
}

#[test]
fn a_map_that_overflows_on_this_graph_says_so() {
    let said = map("x^3").explain(&[1, 3_000_000]);
    assert!(said.contains("utility 3000000"), "{said}");
    assert!(said.contains("cannot be applied"), "{said}");
    assert!(map("x^3").apply_all(&[1, 3_000_000]).is_err());
    assert_eq!(map("x^3").apply_all(&[2, -3]), Ok(vec![8, -27]));
}

#[test]
fn errors_are_one_line() {
    assert_eq!(
        LeafMap::parse("y^2").unwrap_err(),
        "cannot read leaf map 'y^2': expected x^K or ax+b with integers a, K >= 1 and b, \
         such as x^3 or 10x+5"
    );
    assert_eq!(
        LeafMap::parse("0.5x+1").unwrap_err(),
        "cannot read leaf map '0.5x+1': a and b must be integers, such as 10x+5 or 3x-4"
    );
    assert!(
        LeafMap::parse("x^2.5")
            .unwrap_err()
            .contains("K must be an integer")
    );
    assert!(
        LeafMap::parse("x+99999999999999999999")
            .unwrap_err()
            .contains("64-bit")
    );
}

/// A map described independently of the parser: its text and its formula in i128.
#[derive(Clone, Debug)]
enum Spec {
    Power(u32),
    Affine(i64, i64),
}

impl Spec {
    fn text(&self) -> String {
        match *self {
            Spec::Power(k) => format!("x^{k}"),
            Spec::Affine(a, b) if b < 0 => format!("{a} * x - {}", -(b as i128)),
            Spec::Affine(a, b) => format!("{a}x + {b}"),
        }
    }

    fn eval(&self, u: i64) -> i128 {
        match *self {
            Spec::Power(k) => (0..k).fold(1i128, |acc, _| acc * u as i128),
            Spec::Affine(a, b) => a as i128 * u as i128 + b as i128,
        }
    }

    fn expected_kind(&self, utilities: &[i64]) -> Kind {
        if matches!(*self, Spec::Affine(a, _) if a > 0) || matches!(*self, Spec::Power(1)) {
            return Kind::PositiveAffine;
        }
        for &u in utilities {
            for &v in utilities {
                if u < v && self.eval(u) >= self.eval(v) {
                    return Kind::Neither;
                }
            }
        }
        Kind::Increasing
    }
}

fn spec() -> impl Strategy<Value = Spec> {
    prop_oneof![
        (1u32..=5).prop_map(Spec::Power),
        (-1000i64..=1000, -1000i64..=1000)
            .prop_filter("a != 0", |(a, _)| *a != 0)
            .prop_map(|(a, b)| Spec::Affine(a, b)),
    ]
}

fn any_map() -> impl Strategy<Value = LeafMap> {
    prop_oneof![
        (2u32..=u32::MAX).prop_map(LeafMap::Power),
        (any::<i64>(), any::<i64>())
            .prop_filter("a != 0", |(a, _)| *a != 0)
            .prop_map(|(a, b)| LeafMap::Affine { a, b }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn classification_matches_every_pair(
        s in spec(),
        utilities in prop::collection::vec(-60i64..=60, 0..8),
    ) {
        let m = LeafMap::parse(&s.text()).unwrap();
        for &u in &utilities {
            prop_assert_eq!(m.apply(u).map(i128::from), Some(s.eval(u)));
        }
        let kind = m.classify(&utilities);
        prop_assert_eq!(kind, s.expected_kind(&utilities));
        match m.witness(&utilities) {
            Some((u, v)) => {
                prop_assert!(utilities.contains(&u) && utilities.contains(&v) && u < v);
                prop_assert!(s.eval(u) >= s.eval(v));
            }
            None => prop_assert!(kind != Kind::Neither),
        }
        let said = m.explain(&utilities);
        prop_assert!(!said.contains('\n'));
        if let (Kind::Neither, Some((u, v))) = (kind, m.witness(&utilities)) {
            let pair = format!("{u} < {v}");
            prop_assert!(said.contains(&pair), "{}", said);
        }
    }

    #[test]
    fn canonical_text_reads_back(m in any_map()) {
        prop_assert_eq!(LeafMap::parse(&m.text()), Ok(m));
        prop_assert_eq!(m.text().parse::<LeafMap>(), Ok(m));
    }

    #[test]
    fn garbage_never_panics(text in "(?s).{0,30}", near in "[x0-9^+*. \n-]{0,12}") {
        for t in [&text, &near] {
            match LeafMap::parse(t) {
                Ok(m) => {
                    prop_assert_eq!(LeafMap::parse(&m.text()), Ok(m));
                    let _ = m.apply(i64::MIN);
                    let _ = m.explain(&[i64::MIN, -1, 0, 1, i64::MAX]);
                }
                Err(e) => {
                    prop_assert!(e.starts_with("cannot read leaf map '"), "{}", e);
                    prop_assert!(!e.contains('\n'));
                }
            }
        }
    }
}
