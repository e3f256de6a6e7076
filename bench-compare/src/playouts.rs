//! f. Random playouts: games from the start under the federation rules, each move drawn
//! uniformly from the full list, until the side to move has no move or the game reaches
//! [`MAX_PLIES`]. The two crates play different games (kish lists every capture path, we
//! list each result once), so the measure is the time per ply.

use std::hint::black_box;
use std::time::Duration;

use turkish_draughts::{MoveList, Position, RuleSet};

use crate::{in_turn, print_table, timed, Options, Row};

/// A game that has not ended by then stops here.
pub(crate) const MAX_PLIES: u32 = 300;

/// The seed of the move choices; each timed run plays the same games again.
const SEED: u64 = 0x5eed_0fda_3a00;

/// SplitMix64: the same small generator for both crates, so that drawing a move costs both
/// the same.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n` at most 2^32), by multiplying a 32-bit draw.
    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

/// Plays `games` random games with this crate (`legal_moves_into`, then `play_unchecked`
/// of a move drawn from the list) and returns the plies played.
#[inline(never)]
fn ours(games: u32) -> u64 {
    let mut rng = Rng(SEED);
    let mut list = MoveList::new();
    let mut plies = 0;
    for _ in 0..games {
        let mut pos = Position::new(RuleSet::Tudaf);
        for _ in 0..MAX_PLIES {
            pos.legal_moves_into(&mut list);
            if list.is_empty() {
                break;
            }
            pos.play_unchecked(list[rng.below(list.len())]);
            plies += 1;
        }
        black_box(&pos);
    }
    plies
}

/// The same with kish (`actions_into`, then `apply` and `swap_turn`).
#[inline(never)]
fn kish(games: u32) -> u64 {
    let mut rng = Rng(SEED);
    let mut list: Vec<kish::Action> = Vec::with_capacity(64);
    let mut plies = 0;
    for _ in 0..games {
        let mut board = kish::Board::new_default();
        for _ in 0..MAX_PLIES {
            board.actions_into(&mut list);
            if list.is_empty() {
                break;
            }
            board = board.apply(&list[rng.below(list.len())]).swap_turn();
            plies += 1;
        }
        black_box(&board);
    }
    plies
}

/// f. Times `--games` random playouts of each crate, best of `--reps`, alternating.
pub(crate) fn playouts(opts: &Options) {
    let (mut bo, mut bk, mut no, mut nk) = (Duration::MAX, Duration::MAX, 0, 0);
    for rep in 0..opts.reps {
        let mut a = || {
            let (t, n) = timed(|| ours(black_box(opts.games)));
            bo = bo.min(t);
            no = n;
        };
        let mut b = || {
            let (t, n) = timed(|| kish(black_box(opts.games)));
            bk = bk.min(t);
            nk = n;
        };
        in_turn(rep, &mut a, &mut b);
    }
    print_table(
        &format!(
            "f. Random playouts: {} games from the start, federation rules, each move drawn uniformly from the full list, to the end or {MAX_PLIES} plies (ours legal_moves_into + play_unchecked, kish actions_into + apply + swap_turn; counts = plies; the ratio is of the time per ply)",
            opts.games
        ),
        &[Row {
            what: "whole run".into(),
            ours: bo,
            kish: bk,
            ours_count: no.to_string(),
            kish_count: nk.to_string(),
        }],
    );
    let per_ply = |t: Duration, n: u64| t.as_secs_f64() * 1e9 / n.max(1) as f64;
    let (po, pk) = (per_ply(bo, no), per_ply(bk, nk));
    println!(
        "per ply: ours {po:.1} ns, kish {pk:.1} ns, ours / kish {:.3}",
        po / pk
    );
}
