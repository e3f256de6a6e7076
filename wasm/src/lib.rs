//! WebAssembly bindings of `turkish-draughts` for the npm package `turkish-draughts`
//! (`wasm/npm/`).
//!
//! This crate is the low-level half of the package: a [`Core`] game handle, a PDN reader and
//! the engine, exported with `wasm-bindgen`. Data crosses as strings (moves and lists as JSON
//! that the JavaScript wrapper `wasm/npm/dama.js` parses) and Zobrist keys as `bigint`.
//! Every error is thrown as a JSON string `{"kind": ..., "message": ...}` (with `line` and
//! `column` for PDN errors) that the wrapper turns into its typed exceptions; no input makes
//! the module trap.
//!
//! ```
//! use turkish_draughts_wasm::Core;
//! let mut core = Core::create(None, "default").unwrap();
//! let played = core.play_text("c3-c4").unwrap();
//! assert!(played.contains(r#""text":"c3-c4""#));
//! assert_eq!(core.fen(), "B:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,d3,e3,f3,g3,h3,c4:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7");
//! ```
#![forbid(unsafe_code)]

use std::cell::RefCell;
use std::fmt::Write as _;
use std::rc::Rc;

use turkish_draughts::engine::{Engine, Level, MAX_DEPTH, Options, WIN, review};
use turkish_draughts::pdn::{self, Notation, ReadOptions, Tags, WriteOptions};
use turkish_draughts::svg::SvgOptions;
use turkish_draughts::tablebase::{Metric, ProbeError, Tablebase, Wdl};
use turkish_draughts::{Bitboard, Game, Move, Position, RuleSet, Square, UncheckedMove};
use wasm_bindgen::prelude::*;

/// A thrown error: a JSON object with `kind` and `message`, and `line`, `column` for PDN.
fn error(kind: &str, message: &str) -> JsValue {
    JsValue::from_str(&error_text(kind, message, None))
}

fn error_text(kind: &str, message: &str, at: Option<(usize, usize)>) -> String {
    let mut out = String::from("{\"kind\":");
    json_str(&mut out, kind);
    out.push_str(",\"message\":");
    json_str(&mut out, message);
    if let Some((line, column)) = at {
        let _ = write!(out, ",\"line\":{line},\"column\":{column}");
    }
    out.push('}');
    out
}

/// Appends `s` as a JSON string.
fn json_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn rules_of(name: &str) -> Result<RuleSet, JsValue> {
    name.parse::<RuleSet>()
        .map_err(|e| error("rules", &e.to_string()))
}

fn squares_json(out: &mut String, squares: impl IntoIterator<Item = Square>) {
    out.push('[');
    for (i, sq) in squares.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "\"{sq}\"");
    }
    out.push(']');
}

/// Appends the verbose move: `from`, `to`, `path` (the origin, then the landings), `captured`, `crowning`, `text` (landing
/// notation) and `federation` (the captured-square notation, read in `pos`).
fn move_json(out: &mut String, pos: &Position, mv: Move) {
    let _ = write!(
        out,
        "{{\"from\":\"{}\",\"to\":\"{}\",\"path\":",
        mv.from(),
        mv.to()
    );
    // (A capture too long for the move to hold its path gets one from the position.)
    let (path, to) = (pos.path_of(&mv), [mv.to()]);
    let path = path.as_deref().unwrap_or(&to);
    squares_json(out, core::iter::once(mv.from()).chain(path.iter().copied()));
    out.push_str(",\"captured\":");
    squares_json(out, mv.captured());
    let _ = write!(
        out,
        ",\"crowning\":{},\"text\":\"{}\",\"federation\":\"{}\"}}",
        mv.is_crowning(),
        pos.move_text(&mv)
            .unwrap_or_else(|| UncheckedMove::from(&mv)),
        pos.captured_notation(mv)
    );
}

fn one_move_json(pos: &Position, mv: Move) -> String {
    let mut out = String::new();
    move_json(&mut out, pos, mv);
    out
}

fn outcome_json(game: &Game) -> String {
    match game.outcome() {
        None => "null".into(),
        Some(outcome) => {
            let winner = match outcome.winner() {
                None => "null".to_string(),
                Some(c) => format!("\"{c}\""),
            };
            let reason = match outcome {
                turkish_draughts::Outcome::Win { reason, .. } => match reason {
                    turkish_draughts::WinReason::NoLegalMove => "no-legal-move",
                    turkish_draughts::WinReason::KingAgainstLoneMan => "king-against-lone-man",
                    _ => "other",
                },
                turkish_draughts::Outcome::Draw { reason } => match reason {
                    turkish_draughts::DrawReason::OneKingEach => "one-king-each",
                    turkish_draughts::DrawReason::OneManEach => "one-man-each",
                    turkish_draughts::DrawReason::KingAgainstLoneMan => "king-against-lone-man",
                    turkish_draughts::DrawReason::Repetition => "repetition",
                    turkish_draughts::DrawReason::NoProgress => "no-progress",
                    _ => "other",
                },
            };
            let mut out = format!(
                "{{\"winner\":{winner},\"reason\":\"{reason}\",\"result\":\"{}\",\"text\":",
                game.result()
            );
            json_str(&mut out, &outcome.to_string());
            out.push('}');
            out
        }
    }
}

fn square_list(text: &str) -> Result<Vec<Square>, JsValue> {
    text.split_whitespace()
        .map(|s| {
            s.parse::<Square>()
                .map_err(|e| error("argument", &format!("`{s}`: {e}")))
        })
        .collect()
}

/// A game: its first position, the moves played and the PDN tags it was read with.
#[wasm_bindgen]
pub struct Core {
    game: Game,
    tags: Tags,
}

#[wasm_bindgen]
impl Core {
    /// A game from `fen` (the start position when `None`) under the rule set named `rules`
    /// (`default` or `tudaf`).
    pub fn create(fen: Option<String>, rules: &str) -> Result<Core, JsValue> {
        let rules = rules_of(rules)?;
        let game = match fen {
            None => Game::new(rules),
            Some(fen) => {
                Game::from_fen(fen.trim(), rules).map_err(|e| error("fen", &e.to_string()))?
            }
        };
        Ok(Core {
            game,
            tags: Tags::new(),
        })
    }

    /// The current position's FEN.
    pub fn fen(&self) -> String {
        self.game.to_fen()
    }

    /// The first position's FEN.
    pub fn start_fen(&self) -> String {
        self.game.start().to_fen()
    }

    /// `w` or `b`: the side to move.
    pub fn turn(&self) -> String {
        match self.game.position().turn() {
            turkish_draughts::Color::White => "w".into(),
            turkish_draughts::Color::Black => "b".into(),
        }
    }

    /// The rule set's name.
    pub fn rules(&self) -> String {
        self.game.rules().name().into()
    }

    /// The legal moves (none when the game is over) as a JSON array of verbose moves.
    pub fn moves_json(&self) -> String {
        let mut out = String::from("[");
        if self.game.outcome().is_none() {
            let pos = self.game.position();
            for (i, mv) in pos.legal_moves().into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                move_json(&mut out, pos, mv);
            }
        }
        out.push(']');
        out
    }

    /// Plays the move that `text` names in any notation the crate reads; returns it verbose.
    pub fn play_text(&mut self, text: &str) -> Result<String, JsValue> {
        let before = *self.game.position();
        let mv = self
            .game
            .try_play_text(text)
            .map_err(|e| error("illegal", &e.to_string()))?;
        Ok(one_move_json(&before, mv))
    }

    /// Plays the legal move with this landing path (squares separated by blanks), or, when
    /// `path` is empty, the only legal move from `from` to `to`.
    pub fn play_squares(&mut self, from: &str, to: &str, path: &str) -> Result<String, JsValue> {
        if let Some(outcome) = self.game.outcome() {
            return Err(error(
                "illegal",
                &format!("the game is over ({outcome}): no more moves can be played"),
            ));
        }
        let pos = *self.game.position();
        let moves = pos.legal_moves();
        let path = square_list(path)?;
        let found: Vec<Move> = match path.as_slice() {
            [] => {
                let from = square_list(from)?;
                let to = square_list(to)?;
                let (&[from], &[to]) = (from.as_slice(), to.as_slice()) else {
                    return Err(error("argument", "a move needs `from` and `to`, or `path`"));
                };
                moves
                    .iter()
                    .copied()
                    .filter(|m| m.from() == from && m.to() == to)
                    .collect()
            }
            [_] => Vec::new(),
            [from, to] => moves
                .iter()
                .copied()
                .filter(|m| m.from() == *from && m.to() == *to && m.captured().count() <= 1)
                .collect(),
            // A path of several landings, read as landing notation: any legal path of the
            // move is accepted, not only the one the move list shows.
            _ => {
                let text = path
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join("x");
                pos.parse_move(&text).into_iter().collect()
            }
        };
        let describe = || {
            if path.is_empty() {
                format!("{from}-{to}")
            } else {
                path.iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join("-")
            }
        };
        match found.as_slice() {
            [mv] => {
                self.game.play(*mv);
                Ok(one_move_json(&pos, *mv))
            }
            [] => Err(error(
                "illegal",
                &format!("no legal move {} in this position", describe()),
            )),
            _ => Err(error(
                "illegal",
                &format!(
                    "{} is ambiguous: {} legal captures; give the whole path",
                    describe(),
                    found.len()
                ),
            )),
        }
    }

    /// Takes back the last move; returns it verbose, or `None` at the first position.
    pub fn undo(&mut self) -> Option<String> {
        let mv = self.game.undo()?;
        Some(one_move_json(self.game.position(), mv))
    }

    /// The moves played, as a JSON array of verbose moves.
    pub fn history_json(&self) -> String {
        let mut out = String::from("[");
        for (i, (mv, pos)) in self
            .game
            .moves()
            .iter()
            .zip(self.game.positions())
            .enumerate()
        {
            if i > 0 {
                out.push(',');
            }
            move_json(&mut out, pos, *mv);
        }
        out.push(']');
        out
    }

    /// `null` while the game goes on, else `{winner, reason, result, text}` as JSON.
    pub fn outcome_json(&self) -> String {
        outcome_json(&self.game)
    }

    /// The current position's Zobrist key.
    pub fn zobrist(&self) -> u64 {
        self.game.position().zobrist()
    }

    /// The number of move paths of `depth` plies from the current position.
    pub fn perft(&self, depth: u32) -> Result<u64, JsValue> {
        turkish_draughts::try_perft(self.game.position(), depth)
            .map_err(|e| error("argument", &e.to_string()))
    }

    /// The position as SVG: `size` pixels, `flipped`, the last move shown, these squares
    /// (blank-separated) highlighted, the side to move marked.
    pub fn svg(
        &self,
        size: u32,
        flipped: bool,
        last_move: bool,
        highlight: &str,
        side_to_move: bool,
    ) -> Result<String, JsValue> {
        let mut opts = SvgOptions::new()
            .size(size.clamp(16, 4096))
            .flipped(flipped)
            .side_to_move(side_to_move)
            .highlight(square_list(highlight)?.into_iter().collect::<Bitboard>());
        if last_move {
            if let Some(mv) = self.game.moves().last() {
                opts = opts.show_move(*mv);
            }
        }
        Ok(self.game.position().to_svg(&opts))
    }

    /// The game as PDN in `notation` (`landing` or `captured`); `tags` alternates names and
    /// values, set over the tags the game was read with.
    pub fn pdn(&self, notation: &str, tags: Vec<String>) -> Result<String, JsValue> {
        let notation = match notation {
            "landing" => Notation::Landing,
            "captured" | "federation" => Notation::Captured,
            other => {
                let mut m = String::new();
                json_str(&mut m, other);
                return Err(error(
                    "argument",
                    &format!("unknown notation {m}: landing or captured"),
                ));
            }
        };
        let mut all = self.tags.clone();
        for pair in tags.chunks(2) {
            if let [name, value] = pair {
                all.set(name.as_str(), value.as_str());
            }
        }
        Ok(pdn::write_game(
            &self.game,
            &all,
            &WriteOptions::new(notation),
        ))
    }

    /// The game's tags as a JSON array of `[name, value]` pairs.
    pub fn tags_json(&self) -> String {
        let mut out = String::from("[");
        for (i, (name, value)) in self.tags.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push('[');
            json_str(&mut out, name);
            out.push(',');
            json_str(&mut out, value);
            out.push(']');
        }
        out.push(']');
        out
    }

    /// A copy of this game.
    pub fn copy(&self) -> Core {
        Core {
            game: self.game.clone(),
            tags: self.tags.clone(),
        }
    }
}

/// The games of a PDN text, read at once: each game or its error.
#[wasm_bindgen]
pub struct PdnGames {
    items: std::vec::IntoIter<Result<Core, String>>,
}

#[wasm_bindgen]
impl PdnGames {
    /// Reads `text`; `rules` is `""` to follow each game's `Rules` tag, or a rule set's name
    /// that every game is read under.
    pub fn read(text: &str, rules: &str) -> Result<PdnGames, JsValue> {
        let games = if rules.is_empty() {
            pdn::read_str(text)
        } else {
            pdn::read_str_with(text, ReadOptions::new(rules_of(rules)?))
        };
        let items: Vec<Result<Core, String>> = games
            .map(|item| match item {
                Ok(g) => Ok(Core {
                    tags: g.tags().clone(),
                    game: g.into_game(),
                }),
                Err(e) => Err(error_text(
                    "pdn",
                    &e.kind().to_string(),
                    Some((e.line(), e.column())),
                )),
            })
            .collect();
        Ok(PdnGames {
            items: items.into_iter(),
        })
    }

    /// The next game, `undefined` after the last; throws the game's error.
    pub fn next_game(&mut self) -> Result<Option<Core>, JsValue> {
        match self.items.next() {
            None => Ok(None),
            Some(Ok(core)) => Ok(Some(core)),
            Some(Err(e)) => Err(JsValue::from_str(&e)),
        }
    }
}

/// A performance clock the engine asks for the time: `performance.now()` in browsers,
/// workers and Node.
#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// The alpha-beta engine and its transposition table, kept across the moves of a game.
#[wasm_bindgen]
pub struct EngineCore {
    engine: Engine,
}

/// The keys of the game's positions before its current one, oldest first.
fn history_keys(game: &Game) -> Vec<u64> {
    let positions = game.positions();
    positions[..positions.len().saturating_sub(1)]
        .iter()
        .map(Position::zobrist)
        .collect()
}

/// Appends the moves of `line` from `pos` on as a JSON array of verbose moves.
fn line_json(out: &mut String, pos: &Position, line: &[Move]) {
    let mut pos = *pos;
    out.push('[');
    for (i, mv) in line.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        move_json(out, &pos, *mv);
        pos.play_unchecked(*mv);
    }
    out.push(']');
}

#[wasm_bindgen]
impl EngineCore {
    /// An engine with a table of `2^bits` entries (clamped to 10..=22).
    pub fn create(bits: u32) -> EngineCore {
        EngineCore {
            engine: Engine::new(bits.clamp(10, 22)),
        }
    }

    /// Forgets the positions the table holds (a new game).
    pub fn clear(&mut self) {
        self.engine.clear();
    }

    /// Lets the search score the positions `tables` know exactly (its tables added so far
    /// and later); `None` stops it. Positions of another rule set are searched as before.
    pub fn use_tablebase(&mut self, tables: Option<TablebaseCore>) {
        let oracle = tables.map(|t| {
            let tb = Rc::clone(&t.tb);
            Box::new(move |pos: &Position| exact_score(&tb.borrow(), pos))
                as turkish_draughts::engine::Oracle
        });
        self.engine.set_oracle(oracle);
    }

    /// The best move in `core`'s current position, as JSON `{move, score, depth, nodes}`
    /// (`move` verbose; the fields of [`search`](EngineCore::search) come with it), or `null`
    /// when the game is over. Searches to `depth` plies (0: no limit) and for at most
    /// `time_ms` milliseconds (0: no limit); depth 1 always finishes.
    pub fn best_move(&mut self, core: &Core, time_ms: f64, depth: u32) -> String {
        self.search(core, time_ms, depth, 0, 0.0, "")
            .unwrap_or_else(|_| "null".into())
    }

    /// Searches `core`'s current position: to `depth` plies (0: no limit), for at most
    /// `time_ms` milliseconds (0: no limit), choosing at random among the moves within
    /// `margin` hundredths of a man of the best (0: the best) with the random number `seed`
    /// (a number below 2^53), leaving out the moves whose landing texts `exclude` lists
    /// (blank-separated). JSON `{move, score, bestScore, depth, nodes, pv, legalMoves}`
    /// (`move` and the line `pv` verbose), or `null` when the game is over or every move is
    /// left out.
    pub fn search(
        &mut self,
        core: &Core,
        time_ms: f64,
        depth: u32,
        margin: i32,
        seed: f64,
        exclude: &str,
    ) -> Result<String, JsValue> {
        if core.game.outcome().is_some() {
            return Ok("null".into());
        }
        let pos = *core.game.position();
        let mut left_out = Vec::new();
        for text in exclude.split_whitespace() {
            left_out.push(
                pos.parse_move(text)
                    .map_err(|e| error("argument", &format!("exclude `{text}`: {e}")))?,
            );
        }
        let seed = if seed.is_finite() && seed >= 0.0 {
            seed as u64
        } else {
            0
        };
        let options = Options::new()
            .max_depth(if depth == 0 { MAX_DEPTH } else { depth })
            .margin(margin.max(0))
            .seed(seed)
            .exclude(left_out);
        let history = history_keys(&core.game);
        let found = if time_ms > 0.0 && time_ms.is_finite() {
            let deadline = performance_now() + time_ms;
            let mut stop = || performance_now() >= deadline;
            self.engine.search(&pos, &history, &options, &mut stop)
        } else {
            self.engine.search(&pos, &history, &options, &mut || false)
        };
        let Some(found) = found else {
            return Ok("null".into());
        };
        let mut out = String::from("{\"move\":");
        move_json(&mut out, &pos, found.mv);
        let _ = write!(
            out,
            ",\"score\":{},\"bestScore\":{},\"depth\":{},\"nodes\":{},\"legalMoves\":{},\"pv\":",
            found.score, found.best_score, found.depth, found.nodes, found.legal_moves
        );
        line_json(&mut out, &pos, &found.pv);
        out.push('}');
        Ok(out)
    }
}

/// The engine's levels, weakest first, as JSON `[{name, maxDepth, timeMs, margin}]`
/// (`maxDepth` 0 for no cap).
#[wasm_bindgen]
pub fn levels_json() -> String {
    let mut out = String::from("[");
    for (i, level) in Level::ALL.into_iter().enumerate() {
        let s = level.settings();
        if i > 0 {
            out.push(',');
        }
        let depth = if s.max_depth >= MAX_DEPTH {
            0
        } else {
            s.max_depth
        };
        let _ = write!(
            out,
            "{{\"name\":\"{}\",\"maxDepth\":{depth},\"timeMs\":{},\"margin\":{}}}",
            level.name(),
            s.time_ms,
            s.margin
        );
    }
    out.push(']');
    out
}

/// The mover's expected score, 0 to 1, of a search score (`review::expected_score`).
#[wasm_bindgen]
pub fn expected_score(score: i32) -> f64 {
    review::expected_score(score)
}

/// The loss of expected score of a move scoring `played` where the best scores `best`.
#[wasm_bindgen]
pub fn move_loss(best: i32, played: i32) -> f64 {
    review::loss(best, played)
}

/// The judgement's name of a move (`review::judge`); `second_best` is NaN when unknown.
#[wasm_bindgen]
pub fn judge(
    best: i32,
    played: i32,
    legal_moves: u32,
    played_is_best: bool,
    second_best: f64,
) -> String {
    let second = second_best.is_finite().then_some(second_best as i32);
    review::judge(best, played, legal_moves as usize, played_is_best, second)
        .name()
        .into()
}

/// A side's accuracy, 0 to 100, from its moves' losses; NaN without any.
#[wasm_bindgen]
pub fn accuracy(losses: Vec<f64>) -> f64 {
    review::accuracy(losses.into_iter().map(|l| l.clamp(0.0, 1.0))).unwrap_or(f64::NAN)
}

/// The exact score of `pos` for the engine (`WIN` less the plies of a win, its negation for
/// a loss, 0 for a draw), or `None` when the tables do not hold it (too many pieces, a table
/// not added yet, another rule set).
fn exact_score(tb: &Tablebase, pos: &Position) -> Option<i32> {
    if pos.rules() != tb.rules() || pos.board().occupied().count() > tb.max_pieces() {
        return None;
    }
    match tb.probe_wdl(pos).ok()? {
        Wdl::Draw => Some(0),
        wdl => {
            let plies = i32::try_from(tb.probe_dtw(pos).ok()??).ok()?;
            Some(if wdl == Wdl::Win {
                WIN - plies
            } else {
                -(WIN - plies)
            })
        }
    }
}

/// The endgame tables of one rule set, from table files' bytes (no file system): add each
/// file as it is fetched; a probe that needs one not added says which.
#[wasm_bindgen]
pub struct TablebaseCore {
    tb: Rc<RefCell<Tablebase>>,
}

#[wasm_bindgen]
impl TablebaseCore {
    /// Tables of the rule set named `rules`, none added yet.
    pub fn create(rules: &str) -> Result<TablebaseCore, JsValue> {
        Ok(TablebaseCore {
            tb: Rc::new(RefCell::new(Tablebase::new(rules_of(rules)?))),
        })
    }

    /// Adds a table file's bytes under its file name (`KMvK.default.wdl`).
    pub fn add(&mut self, name: &str, bytes: Vec<u8>) -> Result<(), JsValue> {
        self.tb
            .borrow_mut()
            .add_table(name, bytes)
            .map_err(|e| error("tablebase", &e.to_string()))
    }

    /// The most pieces of the tables added.
    pub fn max_pieces(&self) -> u32 {
        self.tb.borrow().max_pieces()
    }

    /// The tables' answer for `core`'s current position, as JSON: `{result, plies, best}`
    /// (`result` "win", "loss" or "draw" for the side to move, `plies` to the end with best
    /// play or null for a draw, `best` a best move's landing text or null when the game is
    /// over), `{missing}` naming the file a probe needs and was not given, or `null` when
    /// the position has more pieces than the tables or is under another rule set.
    pub fn probe(&self, core: &Core) -> Result<String, JsValue> {
        let tb = self.tb.borrow();
        let pos = core.game.position();
        if pos.rules() != tb.rules() {
            return Ok("null".into());
        }
        let answer = (|| -> Result<String, ProbeError> {
            let wdl = tb.probe_wdl(pos)?;
            let plies = match wdl {
                Wdl::Draw => None,
                _ => tb.probe_dtw(pos)?,
            };
            let best = if pos.legal_moves().is_empty() {
                None
            } else {
                tb.best_moves(pos)?.first().copied()
            };
            let mut out = String::from("{\"result\":");
            json_str(&mut out, &wdl.to_string());
            match plies {
                Some(p) => {
                    let _ = write!(out, ",\"plies\":{p}");
                }
                None => out.push_str(",\"plies\":null"),
            }
            out.push_str(",\"best\":");
            match best {
                Some(mv) => json_str(&mut out, &mv.to_string()),
                None => out.push_str("null"),
            }
            out.push('}');
            Ok(out)
        })();
        match answer {
            Ok(json) => Ok(json),
            Err(ProbeError::TooManyPieces { .. } | ProbeError::NotCovered) => Ok("null".into()),
            Err(ProbeError::MissingTable {
                metric, material, ..
            }) => {
                let ext = match metric {
                    Metric::Wdl => "wdl",
                    Metric::Dtw => "dtw",
                };
                let mut out = String::from("{\"missing\":");
                json_str(&mut out, &format!("{material}.{}.{ext}", tb.rules().name()));
                out.push('}');
                Ok(out)
            }
            Err(e) => Err(error("tablebase", &e.to_string())),
        }
    }

    /// Another handle on the same tables (for an engine to read them too).
    pub fn share(&self) -> TablebaseCore {
        TablebaseCore {
            tb: Rc::clone(&self.tb),
        }
    }
}
