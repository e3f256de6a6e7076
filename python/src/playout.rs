//! Random games in bulk, in plain Rust (no Python here): the engine of `playouts` and
//! `selfplay`, also run alone by `bench/playouts.rs` to compare with the Python call.
//!
//! Game `i` of a batch draws its moves from its own generator, seeded from the batch seed
//! and `i`, so a batch gives the same games whatever the number of threads and however it is
//! cut into smaller batches (`first` numbers the batch's first game).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use turkish_draughts::pdn::{self, Tags, WriteOptions};
use turkish_draughts::{Game, MoveList, Outcome};

/// SplitMix64's output function: a bijection of `u64` that mixes every bit.
fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// xorshift64*, seeded through SplitMix64 so that every seed (0 too) works.
pub struct Rng(u64);

impl Rng {
    /// The generator of game `index` of a batch seeded with `seed`.
    pub fn for_game(seed: u64, index: u64) -> Rng {
        Rng(splitmix(splitmix(seed).wrapping_add(index)) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (`n > 0`), without modulo bias worth speaking of for `n` < 2^32.
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// When a random game stops besides the rules.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// At most this many plies are played from the start (the game is then unfinished).
    pub max_plies: usize,
    /// The no-progress draw, in plies, or `None`.
    pub no_progress: Option<u32>,
}

/// Plays uniformly random legal moves from `start` until the game ends or `limits.max_plies`
/// plies were played, or `stop` is seen set (it is looked at every 256 plies); the returned
/// game holds `start`'s history and the new moves.
pub fn random_game(
    start: &Game,
    limits: Limits,
    rng: &mut Rng,
    list: &mut MoveList,
    stop: &AtomicBool,
) -> Game {
    let mut game = start.clone().with_no_progress_limit(limits.no_progress);
    let first = game.ply();
    while game.ply() - first < limits.max_plies && game.outcome().is_none() {
        if (game.ply() - first) % 256 == 255 && stop.load(Ordering::Relaxed) {
            break;
        }
        game.position().legal_moves_into(list);
        if list.is_empty() {
            break; // cannot happen: a position with no move has an outcome
        }
        let mv = list[rng.below(list.len())];
        if game.try_play(mv).is_err() {
            break; // cannot happen: the move is legal and the game goes on
        }
    }
    game
}

/// One playout: how it ended (`None` if it was cut at the ply limit) and the plies played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub outcome: Option<Outcome>,
    pub plies: u32,
}

/// Runs `job(i, &mut out[i - first])` for every `i` in `first..first + out.len()` on up to
/// `threads` threads (the calling thread is one of them), in blocks taken from a shared
/// counter. A thread the system refuses to start is simply not there: the others do its
/// share. Every thread looks at `stop` before each job and ends when it is set (the jobs
/// not run keep their values).
pub fn run_parallel<T: Send>(
    out: &mut [T],
    first: u64,
    threads: usize,
    stop: &AtomicBool,
    job: impl Fn(u64, &mut T, &mut MoveList) + Sync,
) {
    const BLOCK: usize = 16;
    let blocks: Vec<(usize, &mut [T])> = out
        .chunks_mut(BLOCK)
        .enumerate()
        .map(|(b, chunk)| (b * BLOCK, chunk))
        .collect();
    let count = blocks.len();
    let blocks = Mutex::new(blocks.into_iter());
    let done = AtomicUsize::new(0);
    let work = || {
        let mut list = MoveList::new();
        loop {
            let next = match blocks.lock() {
                Ok(mut it) => it.next(),
                Err(poisoned) => poisoned.into_inner().next(),
            };
            let Some((start, chunk)) = next else { break };
            for (k, slot) in chunk.iter_mut().enumerate() {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                job(first.wrapping_add((start + k) as u64), slot, &mut list);
            }
            done.fetch_add(1, Ordering::Relaxed);
        }
    };
    let threads = threads.clamp(1, count.max(1));
    std::thread::scope(|s| {
        for _ in 1..threads {
            // A refused thread leaves its share to the others.
            let _ = std::thread::Builder::new().spawn_scoped(s, work);
        }
        work();
    });
    debug_assert!(stop.load(Ordering::Relaxed) || done.load(Ordering::Relaxed) == count);
}

/// Plays games `first..first + out.len()` of the batch seeded with `seed` from `start`, and
/// writes each one's summary into `out`; gives up soon after `stop` is set.
pub fn playouts(
    start: &Game,
    seed: u64,
    first: u64,
    limits: Limits,
    threads: usize,
    out: &mut [Summary],
    stop: &AtomicBool,
) {
    let ply = start.ply();
    run_parallel(out, first, threads, stop, |i, slot, list| {
        let mut rng = Rng::for_game(seed, i);
        let game = random_game(start, limits, &mut rng, list, stop);
        *slot = Summary {
            outcome: game.outcome(),
            plies: u32::try_from(game.ply() - ply).unwrap_or(u32::MAX),
        };
    });
}

/// Plays games `first..first + texts.len()` of the batch seeded with `seed` from `start` and
/// writes each as PDN into `texts` (join them with a blank line between games). Each game's tags: `Event`
/// "turkish-draughts random self-play", `Round` its number from 1 (`i + 1`), `White` and
/// `Black` "random", `Seed` the batch seed. Gives up soon after `stop` is set.
pub fn selfplay_pdn(
    start: &Game,
    seed: u64,
    first: u64,
    limits: Limits,
    threads: usize,
    texts: &mut [String],
    stop: &AtomicBool,
) {
    run_parallel(texts, first, threads, stop, |i, text, list| {
        let mut rng = Rng::for_game(seed, i);
        let game = random_game(start, limits, &mut rng, list, stop);
        let tags: Tags = [
            ("Event", "turkish-draughts random self-play".to_string()),
            ("Round", (u128::from(i) + 1).to_string()),
            ("White", "random".to_string()),
            ("Black", "random".to_string()),
            ("Seed", seed.to_string()),
        ]
        .into_iter()
        .collect();
        *text = pdn::write_game(&game, &tags, &WriteOptions::default());
    });
}
