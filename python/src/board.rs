//! `Board`: a game on the crate's [`Game`], in the shape python-chess users know, and the
//! argument checks the other classes share.

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple, PyType};
use turkish_draughts::svg::SvgOptions;
use turkish_draughts::{
    Bitboard, Color, FenError, Game, GameResult, Move, MoveList, Outcome, PlayError, Position,
    RuleSet, Setup, Square,
};

use numpy::{PyArray1, PyArray3};

use crate::actions;
use crate::errors::{IllegalMoveError, fen_error, parse_error, play_error, value_error};
use crate::int_arg::{self, Int};
use crate::move_list::*;
use crate::moves::*;
use crate::names::parse_rules;
use crate::outcome::*;

/// A square number (0 = a1 ... 63 = h8), checked.
pub fn square(index: &Int) -> PyResult<Square> {
    index
        .small()
        .and_then(|i| u8::try_from(i).ok())
        .and_then(Square::new)
        .ok_or_else(|| value_error(format!("square {index} is not a square number 0..63")))
}

/// A game of Turkish draughts: the position, the moves played (`move_stack`), and the
/// history the rules need (threefold repetition, an optional no-progress limit).
///
/// `Board()` is the start position under the default rules; `Board(fen, rules="tudaf")`
/// starts from a PDN FEN under the federation's rules. Every move is checked before it is
/// played, and a finished game takes no more moves.
///
/// A FEN is checked as in a game: at most 16 pieces a side, no man on a back rank.
/// `relaxed=True` accepts composed and stress positions (up to 32 pieces a side, a man on
/// its own back rank); only for positions you trust, as a single move list of such a
/// position can take seconds.
#[pyclass(module = "turkish_draughts", name = "Board")]
pub struct PyBoard {
    game: Game,
    /// The game's current position and outcome, kept beside it: a board's own memory is
    /// read at once, while the game's lists of positions and keys lie elsewhere on the heap
    /// (with many boards alive, reading them costs a cache miss a call). Every change of
    /// `game` goes through [`PyBoard::update`], which refreshes both.
    pos: Position,
    outcome: Option<Outcome>,
    /// Whether the first position was read with `relaxed=True` (kept for pickling).
    relaxed: bool,
}

impl PyBoard {
    pub fn new(game: Game, relaxed: bool) -> PyBoard {
        PyBoard {
            pos: *game.position(),
            outcome: game.outcome(),
            game,
            relaxed,
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Changes the game with `f`, then refreshes the copies of its position and outcome.
    fn update<T>(&mut self, f: impl FnOnce(&mut Game) -> T) -> T {
        let out = f(&mut self.game);
        self.pos = *self.game.position();
        self.outcome = self.game.outcome();
        out
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The moves `push` takes now: the position's legal moves (generated into `list`), none
    /// once the game is over. The same moves as `Game::legal_moves`, which decides the game's
    /// outcome at each call (a search for a legal move, then the history); the board
    /// keeps the outcome from its last change.
    pub fn playable<'a>(&self, list: &'a mut MoveList) -> &'a [Move] {
        if self.outcome.is_some() {
            return &[];
        }
        self.pos.legal_moves_into(list);
        list
    }
}

#[pymethods]
impl PyBoard {
    #[new]
    #[pyo3(signature = (fen = None, rules = "default", *, no_progress_limit = None, relaxed = false))]
    fn py_new(
        fen: Option<&str>,
        rules: &str,
        no_progress_limit: Option<Int>,
        relaxed: bool,
    ) -> PyResult<Self> {
        let rules = parse_rules(rules)?;
        let no_progress_limit: Option<u32> = match no_progress_limit {
            Some(n) => Some(int_arg::get(&n, "no_progress_limit", int_arg::U32)?),
            None => None,
        };
        let game = match (fen, relaxed) {
            (None, _) => Game::new(rules),
            (Some(fen), false) => Game::from_fen(fen, rules).map_err(fen_error)?,
            (Some(fen), true) => {
                let setup: Setup = fen.parse().map_err(fen_error)?;
                let pos = Position::from_setup_relaxed(&setup, rules)
                    .map_err(|e| fen_error(FenError::from(e)))?;
                Game::from_position(pos)
            }
        };
        Ok(PyBoard::new(
            game.with_no_progress_limit(no_progress_limit),
            relaxed,
        ))
    }

    /// The moves `push` accepts now, as a `MoveList` (a read-only sequence of `Move`): every
    /// legal move of the position (the longest captures when there is a capture), or none
    /// once the game is over.
    #[getter]
    fn legal_moves(&self) -> PyMoveList {
        if self.outcome.is_some() {
            PyMoveList::empty(self.pos)
        } else {
            PyMoveList::generate(&self.pos)
        }
    }

    /// Plays `move` (a `Move` from this board's legal moves, or equal to one). Raises
    /// `IllegalMoveError` if it is not legal here, `GameOverError` if the game is over.
    #[pyo3(signature = (r#move, /))]
    fn push(&mut self, r#move: PyRef<'_, PyMove>) -> PyResult<()> {
        let m = r#move.0;
        self.update(|g| g.try_play(m)).map_err(play_error)
    }

    /// Reads move text in any notation the crate reads (`d3-d4`, the full landing path
    /// `c4xc6xe6`, the short form `c4xe6`, or the federation's captured squares `c4xc5xd6`;
    /// squares in either case and `:` for `x`, as `E6-E5` or `D4:D6:F6`),
    /// plays it and returns it. Raises `InvalidMoveError`, `IllegalMoveError`,
    /// `AmbiguousMoveError` or `GameOverError`.
    fn push_text(&mut self, text: &str) -> PyResult<PyMove> {
        let before = *self.position();
        self.update(|g| g.try_play_text(text))
            .map(|m| PyMove::new(m, before))
            .map_err(play_error)
    }

    /// The legal move of this position that `text` names (as `push_text` reads it), without
    /// playing it.
    fn parse_move(&self, text: &str) -> PyResult<PyMove> {
        let before = *self.position();
        before
            .parse_any_move(text)
            .map(|m| PyMove::new(m, before))
            .map_err(parse_error)
    }

    /// Whether `push(move)` would accept the move now.
    #[pyo3(signature = (r#move, /))]
    fn is_legal(&self, r#move: PyRef<'_, PyMove>) -> bool {
        self.outcome.is_none() && self.position().is_legal(r#move.0)
    }

    /// Takes back the last move and returns it. Raises `IndexError` at the first position.
    fn pop(&mut self) -> PyResult<PyMove> {
        let mv = self
            .update(Game::undo)
            .ok_or_else(|| PyIndexError::new_err("pop from empty move stack"))?;
        Ok(PyMove::new(mv, *self.position()))
    }

    /// The last move played. Raises `IndexError` at the first position.
    fn peek(&self) -> PyResult<PyMove> {
        let moves = self.game.moves();
        let last = moves.len().wrapping_sub(1);
        match (moves.get(last), self.game.positions().get(last)) {
            (Some(m), Some(before)) => Ok(PyMove::new(*m, *before)),
            _ => Err(PyIndexError::new_err("peek at empty move stack")),
        }
    }

    /// The moves played from the first position, in order.
    #[getter]
    fn move_stack<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let moves = self.game.moves().iter();
        PyList::new(
            py,
            moves
                .zip(self.game.positions())
                .map(|(m, before)| PyMove::new(*m, *before)),
        )
    }

    /// The position as PDN FEN (`W:Wa2,b2:Ba7,Kh8`), squares sorted a1 to h8.
    fn fen(&self) -> String {
        self.position().to_fen()
    }

    /// The FEN of the first position.
    fn root_fen(&self) -> String {
        self.game.start().to_fen()
    }

    /// The side to move: `True` for White (`WHITE`), `False` for Black (`BLACK`).
    #[getter]
    fn turn(&self) -> bool {
        self.position().turn() == Color::White
    }

    /// The rule set: `"default"` or `"tudaf"`.
    #[getter]
    fn rules(&self) -> &'static str {
        self.game.rules().name()
    }

    /// The no-progress limit in plies, or `None` (the default: no such draw).
    #[getter]
    fn no_progress_limit(&self) -> Option<u32> {
        self.game.no_progress_limit()
    }

    /// The number of moves played from the first position.
    fn ply(&self) -> usize {
        self.game.ply()
    }

    /// The Zobrist key of the position (a 64-bit int, the same in every run and on every
    /// platform).
    #[getter]
    fn zobrist(&self) -> u64 {
        self.game.zobrist()
    }

    /// How many times the current position has occurred in the game, this time included.
    fn repetitions(&self) -> u32 {
        self.game.repetitions()
    }

    /// How the game ended, or `None` while it goes on.
    fn outcome(&self) -> Option<PyOutcome> {
        self.outcome.map(PyOutcome)
    }

    /// Whether the game has ended.
    fn is_game_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The PDN result so far: `"2-0"`, `"0-2"`, `"1-1"`, or `"*"` while the game goes on.
    fn result(&self) -> &'static str {
        GameResult::from_outcome(self.outcome).as_str()
    }

    /// The piece on `square` (0 = a1 ... 63 = h8): `"o"` a white man, `"O"` a white king,
    /// `"x"` a black man, `"X"` a black king, or `None`.
    fn piece_at(&self, square: Int) -> PyResult<Option<char>> {
        let sq = self::square(&square)?;
        Ok(self.position().board().piece_at(sq).map(|p| p.char()))
    }

    /// A copy with the same first position and moves. `stack=False` copies the current
    /// position alone, as the first position of a new game.
    #[pyo3(signature = (*, stack = true))]
    fn copy(&self, stack: bool) -> PyBoard {
        let game = if stack {
            self.game.clone()
        } else {
            Game::from_position(*self.position())
                .with_no_progress_limit(self.game.no_progress_limit())
        };
        PyBoard::new(game, self.relaxed)
    }

    fn __copy__(&self) -> PyBoard {
        self.copy(true)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyBoard {
        self.copy(true)
    }

    /// Boards are equal when their positions and no-progress limits are: the same pieces,
    /// side to move, rules and `no_progress_limit`, what `repr` shows (the move stacks may
    /// differ, as in python-chess).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        match other.cast::<PyBoard>() {
            Ok(other) => {
                let other = other.borrow();
                let equal = *self.position() == *other.position()
                    && self.game.no_progress_limit() == other.game.no_progress_limit();
                Ok(pyo3::types::PyBool::new(py, equal)
                    .to_owned()
                    .into_any()
                    .unbind())
            }
            Err(_) => Ok(py.NotImplemented()),
        }
    }

    /// Rebuilds a board from what `__reduce__` keeps (for pickle and copy).
    #[classmethod]
    fn _replay(
        cls: &Bound<'_, PyType>,
        fen: &str,
        rules: &str,
        no_progress_limit: Option<Int>,
        relaxed: bool,
        moves: Vec<String>,
    ) -> PyResult<PyBoard> {
        let _ = cls;
        let mut board = PyBoard::py_new(Some(fen), rules, no_progress_limit, relaxed)?;
        for text in &moves {
            board
                .update(|g| g.try_play_text(text))
                .map_err(play_error)?;
        }
        Ok(board)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.borrow();
        let replay = slf.get_type().getattr("_replay")?;
        let moves: Vec<String> = (this.game.moves().iter().zip(this.game.positions()))
            .map(|(m, pos)| text_in(pos, m))
            .collect();
        let args = (
            this.root_fen(),
            this.rules(),
            this.game.no_progress_limit(),
            this.relaxed,
            moves,
        );
        PyTuple::new(py, [replay, args.into_pyobject(py)?.into_any()])
    }

    /// `Board('W:Wa2,...:B...')`, with the rules when they are not the default, the
    /// no-progress limit when there is one and `relaxed=True` for a relaxed board:
    /// `Board('W:WKa1:BKh8', rules='tudaf', no_progress_limit=60)`.
    fn __repr__(&self) -> String {
        let mut text = format!("Board('{}'", self.fen());
        if self.game.rules() != RuleSet::Default {
            text.push_str(&format!(", rules='{}'", self.game.rules().name()));
        }
        if let Some(plies) = self.game.no_progress_limit() {
            text.push_str(&format!(", no_progress_limit={plies}"));
        }
        if self.relaxed {
            text.push_str(", relaxed=True");
        }
        text.push(')');
        text
    }

    /// The board as text, rank 8 on top (`o`/`O` white man/king, `x`/`X` black), then the
    /// side to move and the rules.
    fn __str__(&self) -> String {
        self.position().to_string()
    }

    /// The position as an SVG picture: `size` in pixels (480 unless told), `flipped` puts
    /// Black at the bottom,
    /// `move` draws a move's landing path and captures (for example `board.peek()`), and
    /// `squares` highlights square numbers.
    #[pyo3(signature = (*, size = None, flipped = false, r#move = None, squares = None))]
    fn svg(
        &self,
        size: Option<Int>,
        flipped: bool,
        r#move: Option<PyRef<'_, PyMove>>,
        squares: Option<Vec<Int>>,
    ) -> PyResult<String> {
        let mut opts = SvgOptions::new().flipped(flipped);
        if let Some(size) = size {
            // The svg example's bounds.
            let Some(size) = size
                .small()
                .filter(|s| (1..=100_000).contains(s))
                .and_then(|s| u32::try_from(s).ok())
            else {
                return Err(value_error(format!(
                    "size={size}: expected a whole number of pixels from 1 to 100000"
                )));
            };
            opts = opts.size(size);
        }
        if let Some(m) = r#move {
            opts = opts.show_move(m.0);
        }
        if let Some(list) = squares {
            let mut set = Bitboard::EMPTY;
            for s in list {
                set = set.with(square(&s)?);
            }
            opts = opts.highlight(set);
        }
        Ok(self.position().to_svg(&opts))
    }

    /// The position as piece planes, a NumPy `int8` array of shape (4, 8, 8): own men, own
    /// kings, the opponent's men, the opponent's kings, drawn for `color` (`True` White,
    /// `False` Black; the side to move when `None`). Row 0 is that side's back rank (the
    /// board is flipped top to bottom for Black), column 0 is file a.
    #[pyo3(signature = (color = None))]
    fn planes<'py>(&self, py: Python<'py>, color: Option<bool>) -> Bound<'py, PyArray3<i8>> {
        let side = match color {
            None => self.position().turn(),
            Some(true) => Color::White,
            Some(false) => Color::Black,
        };
        actions::planes_array(py, self.position(), side)
    }

    /// A NumPy `int8` array of `ACTION_SIZE` entries, 1 for each action `push_action`
    /// accepts now (all zero once the game is over).
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let mut list = MoveList::new();
        actions::mask_array(py, self.position(), self.playable(&mut list))
    }

    /// The actions `push_action` accepts now, ascending.
    fn legal_actions(&self) -> Vec<u32> {
        let mut list = MoveList::new();
        let moves = self.playable(&mut list);
        let mut out: Vec<u32> = actions::actions(self.position(), moves)
            .into_iter()
            .flatten()
            .collect();
        out.sort_unstable();
        out
    }

    /// The action of a legal move of this position, or `None` for one of the rare moves
    /// that has none (see the package documentation). Raises `IllegalMoveError` if the move
    /// is not legal here.
    #[pyo3(signature = (r#move, /))]
    fn encode_move(&self, r#move: PyRef<'_, PyMove>) -> PyResult<Option<u32>> {
        let mut list = MoveList::new();
        self.position().legal_moves_into(&mut list);
        let Some(i) = list.iter().position(|m| *m == r#move.0) else {
            return Err(IllegalMoveError::new_err(format!(
                "{} is not a legal move of this position",
                r#move.0
            )));
        };
        Ok(actions::actions(self.position(), &list)[i])
    }

    /// The legal move an action stands for. Raises `IllegalMoveError` if the action is not
    /// one of `legal_actions()`.
    fn decode_action(&self, action: Int) -> PyResult<PyMove> {
        let mut list = MoveList::new();
        let moves = self.playable(&mut list);
        let found = action
            .small()
            .and_then(|a| u32::try_from(a).ok())
            .and_then(|a| {
                actions::actions(self.position(), moves)
                    .into_iter()
                    .position(|x| x == Some(a))
            });
        match found {
            Some(i) => Ok(PyMove::new(moves[i], *self.position())),
            None => Err(IllegalMoveError::new_err(format!(
                "action {action} is not a legal action of this position"
            ))),
        }
    }

    /// Plays the move an action stands for and returns it (`decode_action`, then `push`):
    /// `IllegalMoveError` if it is not a legal action here, `GameOverError` (as `push`) if
    /// the game is over.
    fn push_action(&mut self, action: Int) -> PyResult<PyMove> {
        if let Some(outcome) = self.outcome {
            return Err(play_error(PlayError::GameOver { outcome }));
        }
        let m = self.decode_action(action)?;
        self.update(|g| g.try_play(m.0)).map_err(play_error)?;
        Ok(m)
    }

    /// The picture Jupyter shows: the position, with the last move drawn.
    fn _repr_svg_(&self) -> String {
        let mut opts = SvgOptions::new();
        if let Some(m) = self.game.moves().last() {
            opts = opts.show_move(*m);
        }
        self.position().to_svg(&opts)
    }
}
