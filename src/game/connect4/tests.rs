use super::*;

fn game(moves: &str, rules: Rules) -> ConnectFour {
    ConnectFour::new(7, 6, moves, rules).unwrap()
}

const WIN_NEXT: Rules = Rules {
    win_next: true,
    anticipate: false,
    order: Order::Columns,
};

#[test]
fn centre_first_goes_outwards_left_before_right() {
    let seven = Shape::new(7, 6).unwrap();
    assert_eq!(
        seven.centre_first().collect::<Vec<_>>(),
        [3, 2, 4, 1, 5, 0, 6]
    );
    let four = Shape::new(4, 4).unwrap();
    assert_eq!(four.centre_first().collect::<Vec<_>>(), [2, 1, 3, 0]);
}

#[test]
fn a_vertical_four_ends_the_game_for_the_player_who_made_it() {
    // X plays column 1 four times, O column 2 three times: X's fourth stone wins with its
    // 4th stone, scoring 22 - 4 = 18 for X, so -18 for O to move; MAX is X.
    let g = game("1212121", Rules::PLAIN);
    assert_eq!(g.move_count(g.root), 0);
    assert_eq!(g.score(g.root), Some(18));
    assert_eq!(g.board(g.root).unwrap().1, "X won");
}

#[test]
fn win_next_scores_the_win_on_the_next_stone() {
    // X has three in column 1 and is to move: the win comes with its 4th stone.
    let g = game("121212", WIN_NEXT);
    assert_eq!(g.move_count(g.root), 0);
    assert_eq!(g.score(g.root), Some(18));
    // Without the rule the position is searched: every column is a move.
    let plain = game("121212", Rules::PLAIN);
    assert_eq!(plain.move_count(plain.root), 7);
}

#[test]
fn anticipation_offers_only_the_block() {
    // O has three in column 1 (X two in column 2, one in 3) and X is to move: the only move
    // that does not lose at once is column 1's fourth cell.
    let rules = Rules {
        anticipate: true,
        ..WIN_NEXT
    };
    let g = game("213121", rules);
    assert_eq!(g.side(g.root), Side::Max);
    let moves = g.moves(g.root);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves.column(0), 0);
}

#[test]
fn bad_move_strings_name_the_move_and_the_rule() {
    let shape = Shape::new(7, 6).unwrap();
    let err = naming::play(&shape, "448").unwrap_err();
    assert!(err.contains("move 3") && err.contains("1 to 7"), "{err}");
    let err = naming::play(&shape, "1111111").unwrap_err();
    assert!(
        err.contains("move 7") && err.contains("full column"),
        "{err}"
    );
    let err = naming::play(&shape, "12121213").unwrap_err();
    assert!(
        err.contains("move 8") && err.contains("X already has four"),
        "{err}"
    );
    assert!(Shape::new(3, 6).is_err());
    assert!(Shape::new(9, 8).is_err()); // 9 × 9 bits do not fit in 64
    assert!(ConnectFour::new(5, 5, "", Rules::PLAIN).is_err()); // odd number of cells
}

#[test]
fn a_name_plays_back_to_its_position_whatever_the_move_order() {
    let g = game("", Rules::PLAIN);
    let a = g.parse("4453").unwrap();
    let b = g.parse("5344").unwrap();
    assert_eq!(a, b);
    let name = g.name(a);
    assert_eq!(g.parse(&name).unwrap(), a);
    assert_eq!(name, g.name(b));
    assert_eq!(g.name(g.parse("").unwrap()), "empty");
}

#[test]
fn the_range_runs_from_losing_next_to_winning_now() {
    // Empty 7×6 board, X to move: X could at best win with its 1st stone (22 - 1 = 21),
    // at worst O wins with its 1st (-21). Unfinished under win-next: no win at once, so 20.
    let g = game("", WIN_NEXT);
    let r = g.reach(g.root).unwrap();
    assert_eq!(r.range, (-21, 21));
    assert_eq!(r.bounds, (-21, 20));
    // After one stone O is to move. O's range: from X winning with its 2nd stone (-20) to
    // O winning with its 1st (21); from MAX's side (-21, 20). Unfinished: O cannot win at
    // once, so its best is 20, MAX's side (-20, 20).
    let g = game("4", WIN_NEXT);
    let r = g.reach(g.root).unwrap();
    assert_eq!(r.range, (-21, 20));
    assert_eq!(r.bounds, (-20, 20));
}

#[test]
fn positions_below_the_root_are_named_by_the_root_moves_first() {
    let g = game("671225616711245642227554143355", Rules::PLAIN);
    // Column 1 (its sixth stone fills it), then the third open column: columns 1, 2 and 5
    // are full by then (six stones each), so 3, 4, 6, 7 are open and the third is 6.
    let child = g.child(g.child(g.root, 0), 2);
    assert_eq!(g.name(child), "67122561671124564222755414335516");
    assert_eq!(g.parse(&g.name(child)).unwrap(), child);
    // A position off the root's line is named from the empty board.
    let other = g.parse("4").unwrap();
    assert_eq!(g.name(other), "4");
}

/// A fixed pseudo-random walk (an LCG: no seed to keep).
fn next(x: &mut u64) -> usize {
    *x = x
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    (*x >> 33) as usize
}

fn every_rule_set() -> Vec<Rules> {
    let mut all = Vec::new();
    for order in [Order::Columns, Order::Centre, Order::Threats] {
        for (win_next, anticipate) in [(false, false), (true, false), (true, true)] {
            all.push(Rules {
                win_next,
                anticipate,
                order,
            });
        }
    }
    all
}

/// How many cells empty before `who` (1 or 2, `Position::owner`'s numbering) drops a stone on
/// `extra` would give `who` four in a line with one more stone there: read off the board one
/// line at a time.
fn naive_threats(shape: &Shape, s: Position, who: u8, extra: (u8, u8)) -> usize {
    let (w, h) = (i32::from(shape.width), i32::from(shape.height));
    let at = |c: i32, r: i32| -> u8 {
        if (c, r) == (i32::from(extra.0), i32::from(extra.1)) {
            return who;
        }
        s.owner(shape, c as u8, r as u8)
    };
    let mut count = 0;
    for c in 0..w {
        for r in 0..h {
            // Empty before the move: the move's own cell counts when the move itself wins.
            if s.owner(shape, c as u8, r as u8) != 0 {
                continue;
            }
            let completes = [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dc, dr)| {
                (-3..=0).any(|k| {
                    (0..4).all(|i| {
                        let (cc, rr) = (c + (k + i) * dc, r + (k + i) * dr);
                        let inside = (0..w).contains(&cc) && (0..h).contains(&rr);
                        inside && ((cc, rr) == (c, r) || at(cc, rr) == who)
                    })
                })
            });
            count += usize::from(completes);
        }
    }
    count
}

/// Whether the threats order is "most threats first, then centre first": each move's
/// threats counted on the board, cell by cell.
fn ordered_by_threats(g: &ConnectFour, s: Position, moves: &Moves) -> bool {
    let who = if s.first_to_move() { 1 } else { 2 };
    let key = |i: usize| {
        let c = moves.column(i);
        let row = (0..g.shape.height)
            .find(|&r| s.owner(&g.shape, c, r) == 0)
            .unwrap();
        let threats = naive_threats(&g.shape, s, who, (c, row));
        let centre = g.shape.centre_first().position(|x| x == c).unwrap();
        (std::cmp::Reverse(threats), centre)
    };
    (1..moves.len()).all(|i| key(i - 1) < key(i))
}

/// The solver looks at a child knowing its parent's rules ran (`Game::look`'s
/// `after_move`): on random games over every rule set and board, the answer is the one the
/// child gets looked at alone, `list` gives `moves`' children in `moves`' order, and the
/// threats order is the one counted on the board.
#[test]
fn a_child_looked_at_after_its_parent_gets_the_same_answer() {
    let mut x = 0x2545_f491_4f6c_dd1d_u64;
    for (w, h) in [(7, 6), (4, 4), (5, 4), (6, 5)] {
        for rules in every_rule_set() {
            let plain = ConnectFour::new(w, h, "", rules).unwrap();
            for g in [plain.clone(), plain.with_horizon(9)] {
                for _ in 0..12 {
                    let mut s = g.root;
                    while let Ok(open) = g.look(s, false) {
                        let mut kids = Vec::new();
                        g.list(s, open, &mut kids);
                        let moves = g.moves(s);
                        let expected: Vec<_> = (0..moves.len()).map(|i| g.child(s, i)).collect();
                        assert_eq!(kids, expected, "{rules:?} at {}", g.name(s));
                        if rules.order == Order::Threats {
                            assert!(ordered_by_threats(&g, s, &moves), "{}", g.name(s));
                        }
                        for &k in &kids {
                            assert_eq!(
                                g.look(k, true),
                                g.look(k, false),
                                "{rules:?} at {}",
                                g.name(k)
                            );
                        }
                        s = kids[next(&mut x) % kids.len()];
                    }
                }
            }
        }
    }
}
