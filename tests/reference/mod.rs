#![allow(dead_code)]
//! Independent, deliberately naive reference move generator for Turkish draughts (Dama).
//!
//! Written from the rules as RULES.md states them, alone; it shares no code with the crate
//! under test and is meant to be obviously correct rather than fast:
//! a 64-cell array board, explicit loops, a recursive enumeration of every capture path,
//! then de-duplication of the results by (from, to, captured set, crowned).
//!
//! Square index: i = rank_index * 8 + file_index (a1 = 0, b1 = 1, h1 = 7, a2 = 8, h8 = 63).

use std::collections::BTreeMap;

/// Which rule set to apply. `Tudaf` is the federation (TÜDAF) rule set of RULES.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    Default,
    Tudaf,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Empty,
    WhiteMan,
    WhiteKing,
    BlackMan,
    BlackKing,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RefPos {
    pub cells: [Cell; 64],
    pub white_to_move: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RefMove {
    /// Origin square, 0..64.
    pub from: usize,
    /// Destination square, 0..64; may equal `from`.
    pub to: usize,
    /// Bit i set = square i was captured; 0 for a quiet move.
    pub captured: u64,
    /// The moving piece was a man and is a king after the move.
    pub crowned: bool,
    /// One representative path: the landing squares after `from`, in order.
    /// For a quiet move this is `vec![to]`. The last element equals `to`.
    pub path: Vec<usize>,
}

// ---------------------------------------------------------------------------------------------
// Small helpers on cells and squares
// ---------------------------------------------------------------------------------------------

fn is_white(c: Cell) -> bool {
    c == Cell::WhiteMan || c == Cell::WhiteKing
}

fn is_black(c: Cell) -> bool {
    c == Cell::BlackMan || c == Cell::BlackKing
}

fn is_king(c: Cell) -> bool {
    c == Cell::WhiteKing || c == Cell::BlackKing
}

fn is_man(c: Cell) -> bool {
    c == Cell::WhiteMan || c == Cell::BlackMan
}

/// Does `c` belong to the side given by `white`?
fn is_own(c: Cell, white: bool) -> bool {
    if white { is_white(c) } else { is_black(c) }
}

/// Does `c` belong to the opponent of the side given by `white`?
fn is_enemy(c: Cell, white: bool) -> bool {
    if white { is_black(c) } else { is_white(c) }
}

fn file_of(sq: usize) -> i32 {
    (sq % 8) as i32
}

fn rank_of(sq: usize) -> i32 {
    (sq / 8) as i32
}

/// The rank index (0..8) on which a man of the given colour is crowned.
fn far_rank(white: bool) -> i32 {
    if white { 7 } else { 0 }
}

// Directions, as (file delta, rank delta).
const NORTH: usize = 0;
const SOUTH: usize = 1;
const EAST: usize = 2;
const WEST: usize = 3;
const DIRS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

fn opposite(dir: usize) -> usize {
    match dir {
        NORTH => SOUTH,
        SOUTH => NORTH,
        EAST => WEST,
        WEST => EAST,
        _ => panic!("bad direction {}", dir),
    }
}

/// The square one step from `sq` in direction `dir`, or None off the board.
fn step(sq: usize, dir: usize) -> Option<usize> {
    let (df, dr) = DIRS[dir];
    let f = file_of(sq) + df;
    let r = rank_of(sq) + dr;
    if (0..8).contains(&f) && (0..8).contains(&r) {
        Some((r * 8 + f) as usize)
    } else {
        None
    }
}

/// The directions in which a man of the given colour may step or jump: forward and sideways.
fn man_dirs(white: bool) -> [usize; 3] {
    if white {
        [NORTH, EAST, WEST]
    } else {
        [SOUTH, EAST, WEST]
    }
}

pub fn square_name(i: usize) -> String {
    assert!(i < 64, "square index out of range: {}", i);
    let file = (b'a' + (i % 8) as u8) as char;
    let rank = (b'1' + (i / 8) as u8) as char;
    format!("{}{}", file, rank)
}

/// Parses "a1".."h8" (lower-case file letter, digit rank); None otherwise.
pub fn parse_square(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    if !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some(((b[1] - b'1') as usize) * 8 + (b[0] - b'a') as usize)
}

// ---------------------------------------------------------------------------------------------
// Positions and FEN
// ---------------------------------------------------------------------------------------------

pub fn empty_position(white_to_move: bool) -> RefPos {
    RefPos {
        cells: [Cell::Empty; 64],
        white_to_move,
    }
}

/// White men on ranks 2 and 3, black men on ranks 6 and 7, White to move.
pub fn start_position() -> RefPos {
    let mut p = empty_position(true);
    for sq in 0..64 {
        let r = rank_of(sq);
        if r == 1 || r == 2 {
            p.cells[sq] = Cell::WhiteMan;
        } else if r == 5 || r == 6 {
            p.cells[sq] = Cell::BlackMan;
        }
    }
    p
}

/// Parses one side's list, e.g. "Wa2,b2,Kd4" (the leading colour letter already removed:
/// "a2,b2,Kd4"). Places the pieces into `cells`; None on any error (bad square, duplicate
/// square, a man on its far rank).
fn parse_piece_list(list: &str, white: bool, cells: &mut [Cell; 64]) -> Option<()> {
    if list.is_empty() {
        return Some(());
    }
    for token in list.split(',') {
        let (king, sq_text) = match token.strip_prefix('K') {
            Some(rest) => (true, rest),
            None => (false, token),
        };
        let sq = parse_square(sq_text)?;
        if cells[sq] != Cell::Empty {
            return None; // the same square listed twice
        }
        if !king && rank_of(sq) == far_rank(white) {
            // A man on its far rank would already be a king: not a valid position.
            // (A man on its OWN back rank is unreachable in play but is accepted: RULES.md's
            // own worked example `W:WKc3,c4:Bg8` puts a black man on g8.)
            return None;
        }
        cells[sq] = match (white, king) {
            (true, false) => Cell::WhiteMan,
            (true, true) => Cell::WhiteKing,
            (false, false) => Cell::BlackMan,
            (false, true) => Cell::BlackKing,
        };
    }
    Some(())
}

/// Parses a PDN FEN as RULES.md defines it: `W:Wa2,b2,Kd4:Ba7,Kh8`.
/// Side to move (`W`/`B`), then the white list and the black list (each starting with its
/// colour letter, either order, each exactly once), `K` before a king, squares in any order.
/// Either list may be empty. Surrounding whitespace is ignored; anything else odd is an error.
pub fn parse_fen(s: &str) -> Option<RefPos> {
    let s = s.trim();
    let parts: Vec<&str> = s.split(':').collect();
    if parts.len() != 3 {
        return None;
    }
    let white_to_move = match parts[0] {
        "W" => true,
        "B" => false,
        _ => return None,
    };
    let mut cells = [Cell::Empty; 64];
    let mut seen_white = false;
    let mut seen_black = false;
    for part in &parts[1..] {
        if let Some(rest) = part.strip_prefix('W') {
            if seen_white {
                return None;
            }
            seen_white = true;
            parse_piece_list(rest, true, &mut cells)?;
        } else if let Some(rest) = part.strip_prefix('B') {
            if seen_black {
                return None;
            }
            seen_black = true;
            parse_piece_list(rest, false, &mut cells)?;
        } else {
            return None;
        }
    }
    if !(seen_white && seen_black) {
        return None;
    }
    Some(RefPos {
        cells,
        white_to_move,
    })
}

/// Prints a position as PDN FEN, each list sorted by square index (a1, b1, ..., h1, a2, ..., h8).
pub fn to_fen(p: &RefPos) -> String {
    let mut white_list: Vec<String> = Vec::new();
    let mut black_list: Vec<String> = Vec::new();
    for sq in 0..64 {
        let c = p.cells[sq];
        let k = if is_king(c) { "K" } else { "" };
        if is_white(c) {
            white_list.push(format!("{}{}", k, square_name(sq)));
        } else if is_black(c) {
            black_list.push(format!("{}{}", k, square_name(sq)));
        }
    }
    format!(
        "{}:W{}:B{}",
        if p.white_to_move { "W" } else { "B" },
        white_list.join(","),
        black_list.join(",")
    )
}

// ---------------------------------------------------------------------------------------------
// Capture enumeration
// ---------------------------------------------------------------------------------------------

/// The identity of a move: (from, to, captured set, crowned).
type MoveKey = (usize, usize, u64, bool);

/// One possible jump from the current square: the enemy square jumped, the landing square and
/// the direction of the jump.
struct Jump {
    over: usize,
    land: usize,
    dir: usize,
}

/// All single jumps available to a piece of colour `white` standing on `sq` on `board`.
/// `as_king` says whether it jumps as a (flying) king or as a man. `last_dir` is the direction
/// of the previous jump of this move, if any; the opposite direction is forbidden (no 180-degree
/// turn). `board` must not contain the moving piece itself (its start square is empty).
fn jumps_from(
    board: &[Cell; 64],
    sq: usize,
    white: bool,
    as_king: bool,
    last_dir: Option<usize>,
) -> Vec<Jump> {
    let mut result = Vec::new();
    let allowed: Vec<usize> = if as_king {
        vec![NORTH, SOUTH, EAST, WEST]
    } else {
        man_dirs(white).to_vec()
    };
    for &dir in &allowed {
        if let Some(ld) = last_dir {
            if dir == opposite(ld) {
                continue;
            }
        }
        if as_king {
            // Pass over any number of empty squares...
            let mut cur = step(sq, dir);
            while let Some(c) = cur {
                if board[c] == Cell::Empty {
                    cur = step(c, dir);
                } else {
                    break;
                }
            }
            // ...then there must be exactly one enemy piece...
            let over = match cur {
                Some(c) if is_enemy(board[c], white) => c,
                _ => continue,
            };
            // ...and the king may land on any empty square beyond it, up to the next piece or edge.
            let mut land = step(over, dir);
            while let Some(l) = land {
                if board[l] != Cell::Empty {
                    break;
                }
                result.push(Jump { over, land: l, dir });
                land = step(l, dir);
            }
        } else {
            // A man jumps an adjacent enemy piece onto the empty square directly beyond it.
            let over = match step(sq, dir) {
                Some(c) if is_enemy(board[c], white) => c,
                _ => continue,
            };
            match step(over, dir) {
                Some(l) if board[l] == Cell::Empty => result.push(Jump { over, land: l, dir }),
                _ => {}
            }
        }
    }
    result
}

/// Everything that stays fixed during the enumeration of one piece's capture paths.
struct CaptureSearch {
    rules: Rules,
    white: bool,
    from: usize,
    started_as_man: bool,
}

impl CaptureSearch {
    /// Depth-first enumeration of every capture path. `board` is the board as it stands now:
    /// the moving piece is not on it (it is on `sq`), and every piece captured so far has already
    /// been removed (immediate removal). A path that cannot be extended is recorded.
    #[allow(clippy::too_many_arguments)]
    fn dfs(
        &self,
        board: &[Cell; 64],
        sq: usize,
        as_king: bool,
        last_dir: Option<usize>,
        captured: u64,
        path: &mut Vec<usize>,
        out: &mut BTreeMap<MoveKey, Vec<usize>>,
    ) {
        let jumps = jumps_from(board, sq, self.white, as_king, last_dir);
        if jumps.is_empty() {
            if captured != 0 {
                // The move ends here. A man is crowned if it is now a king (default rules: it
                // was crowned on reaching the far rank) or if it ends on the far rank.
                let ends_on_far_rank = rank_of(sq) == far_rank(self.white);
                let crowned = self.started_as_man && (as_king || ends_on_far_rank);
                let key = (self.from, sq, captured, crowned);
                // Keep the lexicographically smallest path as the representative.
                match out.get(&key) {
                    Some(existing) if existing.as_slice() <= path.as_slice() => {}
                    _ => {
                        out.insert(key, path.clone());
                    }
                }
            }
            return;
        }
        for j in jumps {
            assert!(captured & (1u64 << j.over) == 0, "a piece was jumped twice");
            let mut next = *board;
            next[j.over] = Cell::Empty; // removed at once
            let mut next_king = as_king;
            if !as_king && rank_of(j.land) == far_rank(self.white) && self.rules == Rules::Default {
                // Default rules: crowned at once, goes on capturing as a king.
                next_king = true;
            }
            path.push(j.land);
            self.dfs(
                &next,
                j.land,
                next_king,
                Some(j.dir),
                captured | (1u64 << j.over),
                path,
                out,
            );
            path.pop();
        }
    }
}

/// Every complete capture sequence of the piece on `from`, distinct by result (not yet filtered
/// by the maximum-capture rule).
fn captures_of_piece(p: &RefPos, from: usize, rules: Rules) -> BTreeMap<MoveKey, Vec<usize>> {
    let piece = p.cells[from];
    let white = is_white(piece);
    let mut board = p.cells;
    board[from] = Cell::Empty; // the start square is empty once the piece has left
    let search = CaptureSearch {
        rules,
        white,
        from,
        started_as_man: is_man(piece),
    };
    let mut out = BTreeMap::new();
    let mut path = Vec::new();
    search.dfs(&board, from, is_king(piece), None, 0, &mut path, &mut out);
    out
}

/// Every quiet move of the piece on `from`.
fn quiet_moves_of_piece(p: &RefPos, from: usize) -> Vec<RefMove> {
    let piece = p.cells[from];
    let white = is_white(piece);
    let mut moves = Vec::new();
    if is_king(piece) {
        for dir in [NORTH, SOUTH, EAST, WEST] {
            let mut cur = step(from, dir);
            while let Some(c) = cur {
                if p.cells[c] != Cell::Empty {
                    break; // a king's quiet move stops at any piece
                }
                moves.push(RefMove {
                    from,
                    to: c,
                    captured: 0,
                    crowned: false,
                    path: vec![c],
                });
                cur = step(c, dir);
            }
        }
    } else {
        for dir in man_dirs(white) {
            if let Some(c) = step(from, dir) {
                if p.cells[c] == Cell::Empty {
                    moves.push(RefMove {
                        from,
                        to: c,
                        captured: 0,
                        crowned: rank_of(c) == far_rank(white),
                        path: vec![c],
                    });
                }
            }
        }
    }
    moves
}

/// All legal moves, distinct by result (from, to, captured set, crowned), each listed once,
/// sorted by (from, to, captured, crowned).
pub fn legal_moves(p: &RefPos, rules: Rules) -> Vec<RefMove> {
    let white = p.white_to_move;

    // 1. Every capture sequence of every piece of the side to move.
    let mut all_captures: BTreeMap<MoveKey, Vec<usize>> = BTreeMap::new();
    for from in 0..64 {
        if is_own(p.cells[from], white) {
            for (key, path) in captures_of_piece(p, from, rules) {
                all_captures.insert(key, path);
            }
        }
    }

    // 2. Capturing is compulsory, and the maximum number of pieces must be captured.
    if !all_captures.is_empty() {
        let best = all_captures.keys().map(|k| k.2.count_ones()).max().unwrap();
        let mut moves = Vec::new();
        for ((from, to, captured, crowned), path) in all_captures {
            if captured.count_ones() == best {
                moves.push(RefMove {
                    from,
                    to,
                    captured,
                    crowned,
                    path,
                });
            }
        }
        return moves;
    }

    // 3. Otherwise every quiet move.
    let mut moves = Vec::new();
    for from in 0..64 {
        if is_own(p.cells[from], white) {
            moves.extend(quiet_moves_of_piece(p, from));
        }
    }
    moves.sort_by_key(|m| (m.from, m.to, m.captured, m.crowned));
    moves
}

/// Can the side to move capture? Some piece of its can make a first jump (what follows the
/// first jump, and so the rule set, does not matter: a capture that can start is a move).
pub fn can_capture(p: &RefPos) -> bool {
    let white = p.white_to_move;
    (0..64).any(|from| {
        let piece = p.cells[from];
        if !is_own(piece, white) {
            return false;
        }
        let mut board = p.cells;
        board[from] = Cell::Empty;
        !jumps_from(&board, from, white, is_king(piece), None).is_empty()
    })
}

/// Does the side to move have a legal move? It has one when some piece of its can step to an
/// empty square (a king one square in any of its four directions, a man forward or sideways)
/// or capture; a king's longer slides pass the square next to it, so they need no look. The
/// same answer as `!legal_moves(p, rules).is_empty()`, without listing the moves.
pub fn has_legal_move(p: &RefPos) -> bool {
    let white = p.white_to_move;
    let steps = (0..64).any(|from| {
        let piece = p.cells[from];
        if !is_own(piece, white) {
            return false;
        }
        let dirs: &[usize] = if is_king(piece) {
            &[NORTH, SOUTH, EAST, WEST]
        } else {
            &man_dirs(white)
        };
        dirs.iter()
            .any(|&dir| step(from, dir).is_some_and(|c| p.cells[c] == Cell::Empty))
    });
    steps || can_capture(p)
}

/// Plays the move and switches the side to move.
pub fn apply(p: &RefPos, m: &RefMove) -> RefPos {
    let mut q = p.clone();
    let piece = q.cells[m.from];
    assert!(piece != Cell::Empty, "no piece on {}", square_name(m.from));
    q.cells[m.from] = Cell::Empty;
    for sq in 0..64 {
        if m.captured & (1u64 << sq) != 0 {
            q.cells[sq] = Cell::Empty;
        }
    }
    let placed = if m.crowned {
        if is_white(piece) {
            Cell::WhiteKing
        } else {
            Cell::BlackKing
        }
    } else {
        piece
    };
    q.cells[m.to] = placed; // set last: `to` may be `from` or a square emptied by the move
    q.white_to_move = !p.white_to_move;
    q
}

/// Leaf count of the legal-move tree of depth `depth` (moves distinct by result, no adjudication).
pub fn perft(p: &RefPos, rules: Rules, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves(p, rules);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for m in &moves {
        total += perft(&apply(p, m), rules, depth - 1);
    }
    total
}

/// "d3-d4" for a quiet move, "b3xd3xd5" for a capture (origin, then every landing square).
pub fn move_text(m: &RefMove) -> String {
    if m.captured == 0 {
        format!("{}-{}", square_name(m.from), square_name(m.to))
    } else {
        let mut parts = vec![square_name(m.from)];
        for &sq in &m.path {
            parts.push(square_name(sq));
        }
        parts.join("x")
    }
}

/// The set of captured squares as a sorted list of names (handy in test messages).
pub fn captured_names(captured: u64) -> Vec<String> {
    (0..64)
        .filter(|&sq| captured & (1u64 << sq) != 0)
        .map(square_name)
        .collect()
}
