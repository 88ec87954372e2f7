//! Every screen that names a cut rule writes it as `CutRule::spelled` does for its reader:
//! the diff's options line, a practice problem's settings, a generated set's source, the
//! tutor's settings bar, and `--help`.

mod common;

use common::run_prune;
use prune::search::CutRule;
use prune::value::Spelling;

#[test]
fn the_diff_names_both_rules_as_conditions() {
    let (code, out, err) = run_prune(&[
        "diff",
        "000-worked-tree",
        "--run",
        "worked",
        "--a",
        "cut=gt",
        "--b",
        "cut=ge",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let want = format!(
        "options that differ: cut {} → {}\n",
        CutRule::Strict.spelled(Spelling::Condition),
        CutRule::AtLeast.spelled(Spelling::Condition)
    );
    assert!(out.contains(&want), "{out}");
    assert!(want.contains("cut α > β → α ≥ β"), "{want}");
}

#[test]
fn a_practice_set_names_its_rule_for_scripts_and_for_solvers() {
    let dir = std::env::temp_dir().join(format!("prune-cut-spellings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (word, rule) in [("gt", CutRule::Strict), ("ge", CutRule::AtLeast)] {
        let set = dir.join(format!("{word}.json"));
        let set = set.to_str().unwrap();
        let (code, _, err) = run_prune(&[
            "practice", "export", "--seed", "3", "--count", "2", "--kinds", "window", "--cut",
            word, "--out", set,
        ]);
        assert_eq!(code, Some(0), "{err}");
        let text = std::fs::read_to_string(set).unwrap();
        // The set's source repeats the command line, the rule by its name.
        let source = format!("--cut {}\"", rule.spelled(Spelling::Name));
        assert!(text.contains(&source), "{text}");
        let (code, shown, err) = run_prune(&["practice", "show", set]);
        assert_eq!(code, Some(0), "{err}");
        let settings = format!(", {}, ", rule.spelled(Spelling::Instruction));
        assert_eq!(shown.matches(&settings).count(), 2, "{shown}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_tutor_and_help_name_the_rule_as_it_spells_itself() {
    for rule in CutRule::ALL {
        assert_eq!(
            prune::tui::model::cut_name(rule),
            rule.spelled(Spelling::Compact)
        );
    }
    assert_eq!(prune::tui::model::cut_name(CutRule::Strict), "α>β");
    let (_, help, _) = run_prune(&["run", "--help"]);
    for rule in CutRule::ALL {
        let line = format!(
            "- {}: {}\n",
            rule.spelled(Spelling::Name),
            rule.spelled(Spelling::Help)
        );
        assert!(help.contains(&line), "{line}{help}");
    }
    assert!(
        help.contains("- gt: Cut only when α > β (CS188)\n"),
        "{help}"
    );
}
