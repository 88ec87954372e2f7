//! A minimal UCT written for the comparison of issue 38, sharing no code with prune: tic-tac-toe
//! from the empty board, UCB1 with C = √2 (natural log, the first child in move order on a
//! tie), the first untried move expanded, uniformly random playouts (SplitMix64, `%` draw),
//! rewards in half-wins (win 2, draw 1, loss 0) for the player who moved into a node, the root
//! counting for the player to move: the rules prune's Monte Carlo search follows.
//!
//!   rustc -C opt-level=3 -o /tmp/uct benches/minimal_uct/uct.rs && /tmp/uct 100000
//!
//! `benches/uct_compare.sh` builds it and counts instructions per iteration against prune's.

const LINES: [u16; 8] = [0o7, 0o70, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];

#[derive(Clone, Copy)]
struct Board {
    mine: [u16; 2], // squares of X, of O
    to_move: usize, // 0: X, 1: O
}

impl Board {
    fn won(&self, p: usize) -> bool {
        LINES.iter().any(|&l| self.mine[p] & l == l)
    }
    /// Empty squares, in order; none once someone has won.
    fn moves(&self) -> u16 {
        if self.won(0) || self.won(1) { 0 } else { !(self.mine[0] | self.mine[1]) & 0o777 }
    }
    fn play(mut self, square: u32) -> Board {
        self.mine[self.to_move] |= 1 << square;
        self.to_move ^= 1;
        self
    }
    /// Half-wins for X of a finished game.
    fn outcome(&self) -> u32 {
        if self.won(0) { 2 } else if self.won(1) { 0 } else { 1 }
    }
}

/// The `k`-th set bit of `m`.
fn nth_square(mut m: u16, k: u32) -> u32 {
    for _ in 0..k {
        m &= m - 1;
    }
    m.trailing_zeros()
}

struct Node {
    board: Board,
    first: u32, // first child's index (children are contiguous)
    count: u32, // moves
    tried: u32, // children made
    n: u32,
    w: u32, // half-wins for the player who moved into this node
}

fn node(board: Board) -> Node {
    Node { board, first: 0, count: board.moves().count_ones(), tried: 0, n: 0, w: 0 }
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

fn main() {
    let iterations: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let c = std::f64::consts::SQRT_2;
    let mut rng = Rng(0);
    let root = Board { mine: [0, 0], to_move: 0 };
    let mut tree = vec![node(root)];
    let mut path: Vec<u32> = Vec::with_capacity(10);
    for _ in 0..iterations {
        path.clear();
        let mut at = 0u32;
        path.push(at);
        // Selection through fully expanded nodes, then one expansion.
        loop {
            let (count, tried, board) = {
                let nd = &tree[at as usize];
                (nd.count, nd.tried, nd.board)
            };
            if count == 0 {
                break;
            }
            if tried < count {
                // The first expansion makes every child's node, so children stay contiguous;
                // only the first `tried` of them are in the tree.
                if tried == 0 {
                    tree[at as usize].first = tree.len() as u32;
                    let m = board.moves();
                    for k in 0..count {
                        tree.push(node(board.play(nth_square(m, k))));
                    }
                }
                tree[at as usize].tried += 1;
                at = tree[at as usize].first + tried;
                path.push(at);
                break;
            }
            let nd = &tree[at as usize];
            let ln = (nd.n as f64).ln();
            let (mut best, mut top) = (0, f64::NEG_INFINITY);
            for k in 0..nd.count {
                let ch = &tree[(nd.first + k) as usize];
                let score = ch.w as f64 / (2.0 * ch.n as f64) + c * (ln / ch.n as f64).sqrt();
                if score > top {
                    (best, top) = (k, score);
                }
            }
            at = nd.first + best;
            path.push(at);
        }
        // Random playout to the end.
        let mut b = tree[at as usize].board;
        loop {
            let m = b.moves();
            if m == 0 {
                break;
            }
            let k = (rng.next() % m.count_ones() as u64) as u32;
            b = b.play(nth_square(m, k));
        }
        let x = b.outcome();
        // Backup: a node counts for the player who moved into it (the root: the one to move).
        for (i, &id) in path.iter().enumerate() {
            let nd = &mut tree[id as usize];
            let mover_is_x = if i == 0 { nd.board.to_move == 0 } else { nd.board.to_move == 1 };
            nd.n += 1;
            nd.w += if mover_is_x { x } else { 2 - x };
        }
    }
    let r = &tree[0];
    let visits: Vec<u32> = (0..r.count).map(|k| tree[(r.first + k) as usize].n).collect();
    println!("iterations {iterations}, nodes {}, root children's visits {visits:?}", tree.len());
}
