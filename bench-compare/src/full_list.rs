//! d. The full-list walk, as an engine walks the tree, with its floor and the lists alone;
//! e. move lists of game positions.

use std::hint::black_box;
use std::ops::ControlFlow;
use std::time::Duration;

use turkish_draughts::{MoveList, Position, RuleSet, Setup};

use crate::{in_turn, load, position, print_table, timed, to_kish, Case, Options, Row};

/// How [`ours_walk`] treats the moves of its last ply.
pub(crate) mod leaves {
    /// Listed and counted, not played.
    pub(crate) const LISTED: u8 = 0;
    /// Each played on a copy with `after_unchecked` (copy-make by value), the child handed to
    /// `black_box`.
    pub(crate) const PLAYED: u8 = 1;
    /// The same with `let mut child = *pos; child.play_unchecked(m)` (copy-make in place).
    pub(crate) const IN_PLACE: u8 = 2;
}

/// The full-list walk, as an engine walks the tree: every node generates its whole move list
/// (`legal_moves_into` into a list kept per ply) and plays every move on a copy with
/// `after_unchecked`. At the last ply each child is handed to `black_box`, as an engine that
/// evaluates its leaves must make them; the walk counts the leaves (`depth` at least 1).
///
/// `LEAVES` ([`leaves`]) says what is done with the moves of the last ply: with
/// [`leaves::LISTED`] they are listed and counted but not played, so the difference from
/// [`leaves::PLAYED`] is what the played leaf moves cost (see `leaf_cost`).
pub(crate) fn ours_walk<const LEAVES: u8>(
    pos: &Position,
    depth: usize,
    lists: &mut [MoveList],
) -> u64 {
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    pos.legal_moves_into(list);
    if depth <= 1 {
        if LEAVES == leaves::PLAYED {
            for m in list.iter() {
                black_box(&pos.after_unchecked(*m));
            }
        } else if LEAVES == leaves::IN_PLACE {
            for m in list.iter() {
                let mut child = *pos;
                child.play_unchecked(*m);
                black_box(&child);
            }
        }
        return list.len() as u64;
    }
    let mut n = 0;
    for m in list.iter() {
        n += ours_walk::<LEAVES>(&pos.after_unchecked(*m), depth - 1, rest);
    }
    n
}

/// [`ours_walk`] with `for_each_legal_move` instead of a list: quiet moves go from the
/// generator straight to the callback; captures are collected first, as in the list.
fn ours_callback(pos: &Position, depth: usize) -> u64 {
    let mut n = 0;
    let _ = pos.for_each_legal_move(|m| {
        let child = pos.after_unchecked(m);
        if depth <= 1 {
            black_box(&child);
            n += 1;
        } else {
            n += ours_callback(&child, depth - 1);
        }
        ControlFlow::<()>::Continue(())
    });
    n
}

/// The same walk over kish: `actions_into` a `Vec` kept per ply, then `apply` and
/// `swap_turn` (kish's `apply` does not switch the side to move; its own perft does the
/// same), the leaves handed to `black_box`.
pub(crate) fn kish_walk<const LEAVES: u8>(
    board: &kish::Board,
    depth: usize,
    lists: &mut [Vec<kish::Action>],
) -> u64 {
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    board.actions_into(list);
    if depth <= 1 {
        if LEAVES != leaves::LISTED {
            for a in list.iter() {
                let child = board.apply(a).swap_turn();
                black_box(&child);
            }
        }
        return list.len() as u64;
    }
    let mut n = 0;
    for a in list.iter() {
        let child = board.apply(a).swap_turn();
        n += kish_walk::<LEAVES>(&child, depth - 1, rest);
    }
    n
}

/// Records the number of legal moves of every inner node of the full-list walk, in the
/// walk's order (untimed), for [`replay_shape`].
/// Also keeps the inner nodes themselves in `nodes`, if given, for [`lists_alone`].
fn record_shape(
    pos: &Position,
    depth: usize,
    lists: &mut [MoveList],
    out: &mut Vec<u32>,
    mut nodes: Option<&mut Vec<Position>>,
) {
    if depth == 0 {
        return;
    }
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    pos.legal_moves_into(list);
    out.push(list.len() as u32);
    if let Some(nodes) = nodes.as_deref_mut() {
        nodes.push(*pos);
    }
    for i in 0..list.len() {
        let child = pos.after_unchecked(list[i]);
        record_shape(&child, depth - 1, rest, out, nodes.as_deref_mut());
    }
}

/// One move list of each position, ours (`legal_moves_into`) against kish's
/// (`actions_into` on the same boards), no move played: the best of `reps` times each,
/// their order alternating, and the moves counted.
fn lists_alone(
    positions: &[Position],
    boards: &[kish::Board],
    reps: usize,
) -> (Duration, Duration, usize, usize) {
    let mut list = MoveList::new();
    let mut actions: Vec<kish::Action> = Vec::with_capacity(64);
    let (mut bo, mut bk, mut no, mut nk) = (Duration::MAX, Duration::MAX, 0, 0);
    for rep in 0..reps {
        let mut ours = || {
            let (t, n) = timed(|| ours_lists_pass(black_box(positions), &mut list));
            (bo, no) = (bo.min(t), n);
        };
        let mut theirs = || {
            let (t, n) = timed(|| kish_lists_pass(black_box(boards), &mut actions));
            (bk, nk) = (bk.min(t), n);
        };
        in_turn(rep, &mut ours, &mut theirs);
    }
    (bo, bk, no, nk)
}

/// One move list of each position with `legal_moves_into`; returns the moves listed. Out of
/// line, so that callgrind can count it alone (`--toggle-collect='*lists_pass*'`, see
/// `listcost.sh`).
#[inline(never)]
pub(crate) fn ours_lists_pass(positions: &[Position], list: &mut MoveList) -> usize {
    let mut n = 0;
    for p in positions {
        p.legal_moves_into(list);
        n += black_box(&*list).len();
    }
    n
}

/// [`ours_lists_pass`] for kish, with `actions_into`.
#[inline(never)]
pub(crate) fn kish_lists_pass(boards: &[kish::Board], actions: &mut Vec<kish::Action>) -> usize {
    let mut n = 0;
    for b in boards {
        b.actions_into(actions);
        n += black_box(&*actions).len();
    }
    n
}

/// The inner nodes of the start position's full-list walk to `depth`, in the walk's order.
pub(crate) fn start_walk_nodes(depth: usize) -> Vec<Position> {
    let mut lists = vec![MoveList::new(); depth];
    let mut nodes = Vec::new();
    let start = position(&Setup::start(), RuleSet::Tudaf);
    record_shape(&start, depth, &mut lists, &mut Vec::new(), Some(&mut nodes));
    nodes
}

/// The floor of any full-list walk: the same tree, each inner node's move count read from
/// `shape`, each child a copy of the position handed to a recursive call (at the last ply,
/// to `black_box`, as the walks do); no list is generated and no move is played. What a
/// walk costs beyond this is the library's.
#[inline(never)]
fn replay_shape(pos: &Position, depth: usize, shape: &[u32], at: &mut usize) -> u64 {
    let n = shape[*at];
    *at += 1;
    if depth <= 1 {
        for _ in 0..n {
            let child = *pos;
            black_box(&child);
        }
        return u64::from(n);
    }
    let mut leaves = 0;
    for _ in 0..n {
        let mut child = *pos;
        black_box(&mut child);
        leaves += replay_shape(&child, depth - 1, shape, at);
    }
    leaves
}

/// d. Full-list walk on the start position (depth `--start-depth` minus 1, 7 by default)
/// and bench.fen summed (depth 5); e. one full move list of each position of
/// `tests/data/game-positions.fen`.
pub(crate) fn full_list(opts: &Options, bench: &[Case]) -> Result<(), String> {
    let start_depth = (opts.start_depth.max(2) - 1) as usize;
    let bench_depth = 5usize;
    let start = Setup::start();
    let mut cases: Vec<(Position, kish::Board)> =
        vec![(position(&start, RuleSet::Tudaf), to_kish(&start))];
    cases.extend(
        bench
            .iter()
            .map(|c| (position(&c.ours, RuleSet::Tudaf), c.kish)),
    );
    let mut rows = Vec::new();
    // The callback rows: ours with `for_each_legal_move`, against the same kish runs.
    let mut callback_rows = Vec::new();
    let mut sums = (Duration::ZERO, Duration::ZERO, 0u64, 0u64);
    let mut callback_sums = (Duration::ZERO, 0u64);
    // The walk's floor, start and bench.fen summed (see `replay_shape`).
    let mut floor = [Duration::ZERO; 2];
    // The start walk's leaves, ours and kish's, for the row of both workloads together.
    let mut start_leaves = (0u64, 0u64);
    // The inner nodes of the start walk, for `lists_alone`.
    let mut start_nodes = Vec::new();
    for (i, (pos, kb)) in cases.iter().enumerate() {
        let depth = if i == 0 { start_depth } else { bench_depth };
        let mut ours_lists = vec![MoveList::new(); depth];
        let mut kish_lists = vec![Vec::with_capacity(64); depth];
        let (mut bo, mut bk, mut no, mut nk) = (Duration::MAX, Duration::MAX, 0, 0);
        let (mut bc, mut nc) = (Duration::MAX, 0);
        let mut shape = Vec::new();
        let keep = (i == 0).then_some(&mut start_nodes);
        record_shape(pos, depth, &mut ours_lists, &mut shape, keep);
        let mut bf = Duration::MAX;
        for rep in 0..opts.reps {
            let mut ours = || {
                let (t, n) = timed(|| {
                    ours_walk::<{ leaves::PLAYED }>(black_box(pos), depth, &mut ours_lists)
                });
                bo = bo.min(t);
                no = n;
            };
            let mut callback = || {
                let (t, n) = timed(|| ours_callback(black_box(pos), depth));
                bc = bc.min(t);
                nc = n;
            };
            let mut theirs = || {
                let (t, n) = timed(|| {
                    kish_walk::<{ leaves::PLAYED }>(black_box(kb), depth, &mut kish_lists)
                });
                bk = bk.min(t);
                nk = n;
            };
            if (rep + i) % 2 == 0 {
                ours();
                callback();
                theirs();
            } else {
                theirs();
                callback();
                ours();
            }
            let (t, n) = timed(|| replay_shape(black_box(pos), depth, &shape, &mut 0));
            bf = bf.min(t);
            if n != no {
                return Err(format!("walk floor: {n} leaves, the list walk {no}"));
            }
        }
        floor[usize::from(i > 0)] += bf;
        if nc != no {
            return Err(format!(
                "full-list walk: the callback walk counted {nc} leaves, the list walk {no}"
            ));
        }
        if i == 0 {
            start_leaves = (no, nk);
            rows.push(Row {
                what: format!("start, depth {depth}"),
                ours: bo,
                kish: bk,
                ours_count: no.to_string(),
                kish_count: nk.to_string(),
            });
            callback_rows.push(Row {
                what: format!("start, depth {depth}, ours callback"),
                ours: bc,
                kish: bk,
                ours_count: nc.to_string(),
                kish_count: nk.to_string(),
            });
        } else {
            sums.0 += bo;
            sums.1 += bk;
            sums.2 += no;
            sums.3 += nk;
            callback_sums.0 += bc;
            callback_sums.1 += nc;
        }
    }
    rows.push(Row {
        what: format!("bench.fen, depth {bench_depth}, SUM of {}", cases.len() - 1),
        ours: sums.0,
        kish: sums.1,
        ours_count: sums.2.to_string(),
        kish_count: sums.3.to_string(),
    });
    let both = Row {
        what: "start + bench.fen".into(),
        ours: rows[0].ours + rows[1].ours,
        kish: rows[0].kish + rows[1].kish,
        ours_count: (start_leaves.0 + sums.2).to_string(),
        kish_count: (start_leaves.1 + sums.3).to_string(),
    };
    callback_rows.push(Row {
        what: format!(
            "bench.fen, depth {bench_depth}, SUM of {}, ours callback",
            cases.len() - 1
        ),
        ours: callback_sums.0,
        kish: sums.1,
        ours_count: callback_sums.1.to_string(),
        kish_count: sums.3.to_string(),
    });
    let callback_ratio = |c: &Row, l: &Row| c.ours.as_secs_f64() / l.ours.as_secs_f64();
    let ratios = [
        callback_ratio(&callback_rows[0], &rows[0]),
        callback_ratio(&callback_rows[1], &rows[1]),
    ];
    rows.push(both);
    rows.extend(callback_rows);
    print_table(
        "d. Full-list walk, every node: ours legal_moves_into + after_unchecked (\"ours callback\": for_each_legal_move + after_unchecked), kish actions_into + apply + swap_turn; every leaf child to black_box (leaf counts differ: kish lists every capture path)",
        &rows,
    );
    println!(
        "ours callback / ours list: start {:.3}, bench.fen {:.3}",
        ratios[0], ratios[1]
    );
    println!(
        "walk floor (the same trees replayed from recorded move counts: a copy and a call a \
         node, the leaves to black_box, no list, no move played): start {:.2} ms ({:.3} of \
         kish), bench.fen {:.2} ms ({:.3} of kish)",
        floor[0].as_secs_f64() * 1e3,
        floor[0].as_secs_f64() / rows[0].kish.as_secs_f64(),
        floor[1].as_secs_f64() * 1e3,
        floor[1].as_secs_f64() / rows[1].kish.as_secs_f64(),
    );
    let start_boards: Vec<kish::Board> = start_nodes.iter().map(|p| to_kish(&p.setup())).collect();
    let (lo, lk, _, _) = lists_alone(&start_nodes, &start_boards, opts.reps);
    println!(
        "lists alone: one move list of each of the start walk's {} inner nodes, stored \
         beforehand, no move played: ours {:.2} ms, kish {:.2} ms ({:.3})",
        start_nodes.len(),
        lo.as_secs_f64() * 1e3,
        lk.as_secs_f64() * 1e3,
        lo.as_secs_f64() / lk.as_secs_f64(),
    );

    // e. Move lists alone on game positions.
    let games = load("game-positions.fen")?;
    let positions: Vec<Position> = games
        .iter()
        .map(|c| position(&c.ours, RuleSet::Tudaf))
        .collect();
    let boards: Vec<kish::Board> = games.iter().map(|c| c.kish).collect();
    let (bo, bk, no, nk) = lists_alone(&positions, &boards, opts.reps.max(5));
    print_table(
        &format!(
            "e. One full move list of each of the {} positions of tests/data/game-positions.fen (ours legal_moves_into, kish actions_into; counts = moves summed)",
            positions.len()
        ),
        &[Row {
            what: "game positions".into(),
            ours: bo,
            kish: bk,
            ours_count: no.to_string(),
            kish_count: nk.to_string(),
        }],
    );
    Ok(())
}
