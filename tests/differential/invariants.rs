//! Invariants checked along seeded random playouts, under both rule sets, from the start
//! position and from random boards:
//!
//! * the board: the two sides are disjoint, kings are a subset of the pieces, no man stands on
//!   its far rank (nor, in positions built by `Position::from_setup`, on its own back rank);
//! * the move list: no duplicates; either every move captures or none does; every capture takes
//!   the same number of pieces, and the reference generator agrees on that maximum;
//! * every move played: the side to move alternates, the mover keeps all its pieces, the other
//!   side loses exactly `m.captured().count()`, and the pieces end where the move says;
//! * `try_play` refuses moves of other positions and leaves the position untouched;
//! * the colour-mirrored position has the same perft(3) (and mirroring twice is the identity).
//!
//! The random generator is a fixed-seed SplitMix64, so every run checks the same games; a
//! failure names the rule set, the game's seed, the ply and the FEN.

use crate::reference;

use turkish_draughts::{
    Bitboard, Color, Move, Outcome, Piece, Position, Rank, Role, RuleSet, Setup, Square, WinReason,
    perft,
};

/// SplitMix64: small, seeded, good enough to pick moves and squares.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn ref_rules(rules: RuleSet) -> reference::Rules {
    match rules {
        RuleSet::Default => reference::Rules::Default,
        RuleSet::Tudaf => reference::Rules::Tudaf,
    }
}

/// A random legal board: each square empty, a man or a king of either side with weights drawn
/// per board (from nearly empty to crowded, from all men to many kings). Men that would stand on
/// a back rank are made kings; a side keeps at most 16 pieces.
fn random_position(rng: &mut Rng, rules: RuleSet) -> Position {
    let empty = 30 + rng.below(65) as u64; // percent of empty squares
    let kings = rng.below(80) as u64; // percent of kings among the pieces
    let mut setup = Setup::empty();
    setup.turn = if rng.below(2) == 0 {
        Color::White
    } else {
        Color::Black
    };
    for s in Square::ALL {
        if rng.below(100) as u64 <= empty {
            continue;
        }
        let color = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        let side = match color {
            Color::White => &mut setup.white,
            Color::Black => &mut setup.black,
        };
        if side.count() == 16 {
            continue;
        }
        *side = side.with(s);
        let back = s.rank() == Rank::First || s.rank() == Rank::Eighth;
        if back || (rng.below(100) as u64) < kings {
            setup.kings = setup.kings.with(s);
        }
    }
    Position::from_setup(&setup, rules).unwrap_or_else(|e| panic!("random setup {setup}: {e}"))
}

/// Everything about one position that does not depend on the move played.
fn check_position(pos: &Position, moves: &[Move]) -> Result<(), String> {
    let b = pos.board();
    let (white, black, kings) = (b.white(), b.black(), b.kings());
    if white.intersects(black) {
        return Err("White and Black share a square".into());
    }
    if !kings.is_subset(white | black) {
        return Err("a king mark on an empty square".into());
    }
    if b.occupied() != (white | black) || b.men() != (white | black) - kings {
        return Err("occupied() or men() disagree with the sides".into());
    }
    for color in Color::ALL {
        let men = b.by_color(color) - kings;
        if men.intersects(Bitboard::rank(color.promotion_rank())) {
            return Err(format!("a {color} man on its far rank"));
        }
        if men.intersects(Bitboard::rank(color.back_rank())) {
            return Err(format!("a {color} man on its own back rank"));
        }
        if b.by_color(color).count() > 16 {
            return Err(format!("{color} has more than 16 pieces"));
        }
    }

    // The move list.
    let mut sorted: Vec<Move> = moves.to_vec();
    sorted.sort();
    sorted.dedup();
    if sorted.len() != moves.len() {
        return Err("a move is listed twice".into());
    }
    let required = moves.first().map_or(0, |m| m.captured().count());
    if let Some(m) = moves.iter().find(|m| m.captured().count() != required) {
        return Err(format!(
            "{m:?} captures {} but {:?} captures {required}",
            m.captured().count(),
            moves[0]
        ));
    }
    for m in moves {
        let own = b.by_color(pos.turn());
        if !own.contains(m.from()) {
            return Err(format!(
                "{m:?} starts on a square without a piece of the side to move"
            ));
        }
        if !m.captured().is_subset(b.by_color(!pos.turn())) {
            return Err(format!("{m:?} captures a square without an enemy piece"));
        }
        // Crowned: a man that ends on the far rank, or, under the default rules, one that
        // lands on it anywhere in its path (it goes on as a king).
        let far = Bitboard::rank(pos.turn().promotion_rank());
        let man = !kings.contains(m.from());
        let crowned = man
            && match pos.rules() {
                RuleSet::Default => pos.path_of(m).unwrap().iter().any(|&s| far.contains(s)),
                RuleSet::Tudaf => far.contains(m.to()),
            };
        if m.is_crowning() != crowned {
            return Err(format!("{m:?}: crowned should be {crowned}"));
        }
    }
    let rpos = reference::parse_fen(&pos.setup().to_string())
        .ok_or("the reference cannot parse the FEN")?;
    let theirs = reference::legal_moves(&rpos, ref_rules(pos.rules()));
    let ref_required = theirs.first().map_or(0, |m| m.captured.count_ones());
    if ref_required != required {
        return Err(format!(
            "the legal moves capture {required} pieces, the reference says the maximum is {ref_required}"
        ));
    }
    if theirs.len() != moves.len() {
        return Err(format!(
            "{} legal moves, the reference has {}",
            moves.len(),
            theirs.len()
        ));
    }

    // The cheap queries agree with the move list.
    if pos.has_capture() != (required > 0) {
        return Err("has_capture() disagrees with the move list".into());
    }
    if pos.has_legal_move() == moves.is_empty() {
        return Err("has_legal_move() disagrees with the move list".into());
    }
    let no_move = Some(Outcome::Win {
        winner: !pos.turn(),
        reason: WinReason::NoLegalMove,
    });
    if moves.is_empty() != (pos.outcome() == no_move) {
        return Err(format!(
            "outcome() is {:?} with {} legal moves",
            pos.outcome(),
            moves.len()
        ));
    }
    for m in moves {
        if !pos.is_legal(*m) {
            return Err(format!("is_legal({m:?}) is false"));
        }
    }

    // The colour-mirrored twin.
    let twin = pos.mirrored();
    if twin.mirrored() != *pos {
        return Err("mirroring twice is not the identity".into());
    }
    let swapped = |p: Option<Piece>| p.map(|p| Piece::new(!p.color, p.role));
    let is_mirror = Square::ALL
        .iter()
        .all(|&s| twin.board().piece_at(s.flip_vertical()) == swapped(b.piece_at(s)));
    if twin.turn() != !pos.turn() || twin.rules() != pos.rules() || !is_mirror {
        return Err(format!(
            "the mirrored position {} is not a mirror",
            twin.setup()
        ));
    }
    let (p, q) = (perft(pos, 3), perft(&twin, 3));
    if p != q {
        return Err(format!(
            "perft(3) is {p} but {q} for the mirrored position {}",
            twin.setup()
        ));
    }
    Ok(())
}

/// Everything about one move played.
fn check_transition(before: &Position, m: &Move, after: &Position) -> Result<(), String> {
    let me = before.turn();
    if after.turn() != !me {
        return Err("the side to move did not alternate".into());
    }
    if after.rules() != before.rules() {
        return Err("the rule set changed".into());
    }
    let (b0, b1) = (before.board(), after.board());
    let mine = |b: &turkish_draughts::Board| b.by_color(me).count();
    let theirs = |b: &turkish_draughts::Board| b.by_color(!me).count();
    if mine(b1) != mine(b0) {
        return Err(format!(
            "the mover has {} pieces, had {}",
            mine(b1),
            mine(b0)
        ));
    }
    if theirs(b0) - theirs(b1) != m.captured().count() {
        return Err(format!(
            "the other side went from {} to {} pieces, but the move captures {}",
            theirs(b0),
            theirs(b1),
            m.captured().count()
        ));
    }
    // The destination may be a square emptied earlier in the same move.
    if b1.occupied().intersects(m.captured() - m.to().bitboard()) {
        return Err("a captured square is still occupied".into());
    }
    let was = b0.piece_at(m.from()).ok_or("no piece on the origin")?;
    let now = b1.piece_at(m.to()).ok_or("no piece on the destination")?;
    let role = if was.role == Role::King || m.is_crowning() {
        Role::King
    } else {
        Role::Man
    };
    if now.color != me || now.role != role {
        return Err(format!(
            "{now:?} on the destination, expected a {me} {role:?}"
        ));
    }
    if m.from() != m.to() && b1.piece_at(m.from()).is_some() {
        return Err("the origin is still occupied".into());
    }
    // Nothing else changed.
    let touched = m.captured() | m.from().bitboard() | m.to().bitboard();
    for s in Square::ALL {
        if !touched.contains(s) && b0.piece_at(s) != b1.piece_at(s) {
            return Err(format!("square {s} changed"));
        }
    }
    Ok(())
}

/// Plays one random game of up to `plies` plies and checks every position and move. `pool`
/// collects moves of earlier positions, which are offered to `try_play` as illegal moves.
fn play_game(
    start: Position,
    rng: &mut Rng,
    plies: usize,
    pool: &mut Vec<Move>,
) -> Result<usize, String> {
    let mut pos = start;
    for ply in 0..plies {
        let moves = pos.legal_moves();
        let here = |e: String| format!("ply {ply}, {} ({} rules): {e}", pos.setup(), pos.rules());
        check_position(&pos, &moves).map_err(here)?;

        // Moves of other positions are refused and change nothing.
        for _ in 0..4 {
            if pool.is_empty() {
                break;
            }
            let foreign = pool[rng.below(pool.len())];
            if moves.contains(&foreign) {
                continue;
            }
            let mut copy = pos;
            match copy.try_play(foreign) {
                Err(e) if e.mv == foreign && copy == pos => {}
                Err(e) => {
                    return Err(here(format!(
                        "try_play({foreign:?}) gave {e:?} and changed the position to {}",
                        copy.setup()
                    )));
                }
                Ok(()) => return Err(here(format!("try_play accepted the illegal {foreign:?}"))),
            }
            if pos.is_legal(foreign) {
                return Err(here(format!("is_legal({foreign:?}) is true")));
            }
        }

        if moves.is_empty() {
            return Ok(ply);
        }
        let m = moves[rng.below(moves.len())];
        let mut next = pos;
        next.try_play(m)
            .map_err(|e| here(format!("try_play of the legal {m:?}: {e}")))?;
        let mut unchecked = pos;
        unchecked.play_unchecked(m);
        if unchecked != next {
            return Err(here(format!("play_unchecked({m:?}) and try_play disagree")));
        }
        check_transition(&pos, &m, &next).map_err(|e| here(format!("after {m:?}: {e}")))?;
        if pool.len() < 4096 {
            pool.extend(moves.iter().copied());
        } else {
            let i = rng.below(pool.len());
            pool[i] = m;
        }
        pos = next;
    }
    Ok(plies)
}

fn run_games(rules: RuleSet, seed: u64, games: usize, from_start: bool) {
    let mut pool = Vec::new();
    let mut total = 0;
    for game in 0..games {
        let game_seed = seed ^ (game as u64).wrapping_mul(0x2545_F491_4F6C_DD1D);
        let mut rng = Rng(game_seed);
        let start = if from_start {
            Position::new(rules)
        } else {
            random_position(&mut rng, rules)
        };
        match play_game(start, &mut rng, 120, &mut pool) {
            Ok(plies) => total += plies,
            Err(e) => panic!(
                "{rules} rules, game {game} (seed {game_seed:#x}) from {}: {e}",
                start.setup()
            ),
        }
    }
    eprintln!("{rules} rules: {games} games, {total} plies");
    assert!(
        total > games,
        "the games were too short to test anything: {total} plies"
    );
}

#[test]
fn playouts_from_the_start_default_rules() {
    run_games(RuleSet::Default, 0x5eed_0001, 100, true);
}

#[test]
fn playouts_from_the_start_tudaf_rules() {
    run_games(RuleSet::Tudaf, 0x5eed_0002, 100, true);
}

#[test]
fn playouts_from_random_positions_default_rules() {
    run_games(RuleSet::Default, 0x5eed_0003, 300, false);
}

#[test]
fn playouts_from_random_positions_tudaf_rules() {
    run_games(RuleSet::Tudaf, 0x5eed_0004, 300, false);
}

/// The examples of the rules and the data files, mirrored.
#[test]
fn mirrored_perft_on_fixed_positions() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/bench.fen");
    let text = std::fs::read_to_string(data).expect("bench.fen");
    let mut fens: Vec<&str> = vec![
        "W:WKb2:Bb4,d5,b6,f6,d7",
        "B:Wd2,Ke1:Bd3",
        "W:Wg6:Bg7,Ke8,Kb8",
        "W:Wg6:Bg7,Kf8,Kc8",
        "B:Wb3,c4,d3,e5:Bc5,Kh8",
    ];
    fens.extend(text.lines().map(str::trim).filter(|l| !l.is_empty()));
    for fen in fens {
        for rules in RuleSet::ALL {
            let pos = Position::from_fen(fen, rules).unwrap_or_else(|e| panic!("{fen}: {e}"));
            let twin = pos.mirrored();
            assert_eq!(twin.mirrored(), pos);
            for depth in 1..=3 {
                assert_eq!(
                    perft(&pos, depth),
                    perft(&twin, depth),
                    "{fen} {rules} depth {depth}"
                );
            }
        }
    }
}

#[test]
fn the_start_position_is_its_own_mirror_with_the_other_side_to_move() {
    let pos = Position::start();
    let twin = pos.mirrored();
    assert_eq!(twin.board(), pos.board());
    assert_eq!(twin.turn(), Color::Black);
    assert_eq!(perft(&twin, 3), 708);
}
