//! The capture generator's positions sorted by kind of capture, shared by the criterion
//! benches (`benches/movegen.rs`, group `captures-by-kind`) and `bench-compare`
//! (`--only captures`), so that both time the same fixed sets.
//!
//! A position belongs to a kind when the side to move must capture and every one of its
//! legal moves is of that kind:
//!
//! - `man-single`: a man takes one piece;
//! - `man-chain`: a man takes two or more pieces, none of its landings before the last on
//!   its far rank;
//! - `king-distance`: a king takes one piece and at least one of the moves starts or lands
//!   away from the piece taken (an empty square between);
//! - `king-chain`: a king takes two or more pieces;
//! - `crown-mid-chain`: some move is a man's that lands on its far rank before its last
//!   landing (under the default rules it goes on as a king, under the federation's as a man
//!   along the far rank); the other moves may be of any kind;
//! - `worst-case`: the positions of `worst-case.fen` with a capture (kings among lattices of
//!   men, up to 195 moves a list), apart, so that their milliseconds a list do not hide the
//!   other kinds' microseconds.
//!
//! Positions whose moves mix men and kings (and a king's single adjacent capture only) are in
//! no set. Each set keeps the first [`PER_KIND`] positions found, in the order of the files.

use turkish_draughts::{Move, Position, Role, RuleSet, Setup, Square};

/// At most this many positions a set.
pub const PER_KIND: usize = 256;

/// The kinds, in the order they are reported.
pub const KINDS: [&str; 6] = [
    "man-single",
    "man-chain",
    "king-distance",
    "king-chain",
    "crown-mid-chain",
    "worst-case",
];

/// The files the sets are taken from, in order: their names under `tests/data/`.
pub const FILES: [&str; 3] = ["bench.fen", "worst-case.fen", "game-positions.fen"];

/// Orthogonal distance between two squares on one line (files plus ranks).
fn distance(a: Square, b: Square) -> u8 {
    a.file().index().abs_diff(b.file().index()) + a.rank().index().abs_diff(b.rank().index())
}

/// Whether `m`, a man's move, lands on the mover's far rank before its last landing.
fn crowns_mid_chain(pos: &Position, m: &Move) -> bool {
    let far = pos.turn().promotion_rank();
    let path = pos.path_of(m).expect("a legal move");
    path.len() > 1 && path[..path.len() - 1].iter().any(|s| s.rank() == far)
}

/// The kind of capture of `pos` (an index into [`KINDS`]), if it has one.
pub fn kind_of(pos: &Position) -> Option<usize> {
    if !pos.has_capture() {
        return None;
    }
    let moves = pos.legal_moves();
    let (mut men, mut kings, mut far) = (false, false, false);
    for m in moves.iter() {
        match pos.board().piece_at(m.from()).map(|p| p.role) {
            Some(Role::Man) => {
                men = true;
                if crowns_mid_chain(pos, m) {
                    return Some(4);
                }
            }
            Some(Role::King) => {
                kings = true;
                let taken = m.captured().first()?;
                if distance(m.from(), taken) > 1 || distance(m.to(), taken) > 1 {
                    far = true;
                }
            }
            None => return None,
        }
    }
    let chain = moves.iter().next()?.captured().count() > 1;
    match (men, kings, chain) {
        (true, false, false) => Some(0),
        (true, false, true) => Some(1),
        (false, true, false) if far => Some(2),
        (false, true, true) => Some(3),
        _ => None,
    }
}

/// One set: a kind, a rule set and its positions (with the FEN each came from).
pub struct Set {
    /// The kind's name, one of [`KINDS`].
    pub kind: &'static str,
    /// The rules the positions are generated under.
    pub rules: RuleSet,
    /// The positions and the FEN of each.
    pub positions: Vec<(Position, String)>,
}

/// The sets under `rules`, from the files' texts in the order of [`FILES`] (the second,
/// worst-case.fen, makes the `worst-case` set). Every kind is returned, an empty one too.
pub fn sets(texts: &[&str], rules: RuleSet) -> Vec<Set> {
    let mut sets: Vec<Set> = KINDS
        .iter()
        .map(|&kind| Set {
            kind,
            rules,
            positions: Vec::new(),
        })
        .collect();
    for (file, text) in texts.iter().enumerate() {
        for line in text.lines() {
            let fen = line.trim();
            if fen.is_empty() || fen.starts_with('#') {
                continue;
            }
            let Ok(setup) = fen.parse::<Setup>() else {
                continue;
            };
            let Ok(pos) = Position::from_setup_relaxed(&setup, rules) else {
                continue;
            };
            let kind = if file == 1 {
                pos.has_capture().then_some(5)
            } else {
                kind_of(&pos)
            };
            if let Some(k) = kind {
                if sets[k].positions.len() < PER_KIND {
                    sets[k].positions.push((pos, fen.to_string()));
                }
            }
        }
    }
    sets
}
