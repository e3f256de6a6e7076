//! The built-in visitor, [`Replay`]: it replays each game's moves on a [`Game`] as they are
//! read, checks the tags that say how (`GameType`, `Rules`, `NoProgressLimit`, `FEN`,
//! `Result`) and the termination, keeps the annotations, and gives a [`PdnGame`].

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::ControlFlow;

use super::error::{PdnError, PdnErrorKind, quote};
use super::game::PdnGame;
use super::limits::Limit;
use super::notes::{Node, Notes, Variation};
use super::options::ReadOptions;
use super::rules_tag::{
    NO_PROGRESS_LIMIT_TAG, RULES_TAG, RulesConflict, no_progress_limit_of, rules_of,
};
use super::tags::Tags;
use super::visit::{Location, Skip, Visitor};
use crate::{Game, GameResult, MoveList, RuleSet};

/// What the reader gives for a game: the game replayed, or its first error.
type Output = Result<PdnGame, PdnError>;

/// Checks the GameType value: `30` alone, or `30,W,8,8,A0,0` (spaces around the fields
/// allowed). Any other value would mean another game or another board numbering.
fn game_type_ok(value: &str) -> bool {
    let mut fields = value.split(',').map(str::trim);
    let first = fields.next() == Some("30");
    let rest: [Option<&str>; 6] = core::array::from_fn(|_| fields.next());
    first
        && matches!(
            rest,
            [None, ..] | [Some("W"), Some("8"), Some("8"), Some("A0"), Some("0"), None]
        )
}

/// How deep variations are kept: those nested deeper are checked for syntax and dropped, so
/// that a game's notes are dropped, compared and written in bounded stack.
const MAX_KEPT_DEPTH: usize = 32;

/// The built-in visitor: replays each game on a [`Game`] and gives a [`PdnGame`].
pub(crate) struct Replay {
    rules: Option<RuleSet>,
    max_plies: usize,
    tags: Tags,
    /// Where the value of each tag starts.
    tag_at: Vec<Location>,
    line: usize,
    game: Option<Game>,
    result_tag: Option<GameResult>,
    rules_conflict: Option<RulesConflict>,
    max_notes: usize,
    /// The annotations so far, and their weight.
    notes: Vec<(usize, Notes)>,
    weight: usize,
    /// The variations open, innermost last.
    open: Vec<Variation>,
    /// The legal moves of the position being read, and a second list for the long way of
    /// move parsing; reused for every move.
    lists: Box<(MoveList, MoveList)>,
}

impl Replay {
    pub(crate) fn new(options: &ReadOptions) -> Replay {
        Replay {
            rules: options.rules,
            max_plies: options.max_plies,
            tags: Tags::new(),
            tag_at: Vec::new(),
            line: 1,
            game: None,
            result_tag: None,
            rules_conflict: None,
            max_notes: options.max_notes_bytes,
            notes: Vec::new(),
            weight: 0,
            open: Vec::new(),
            lists: Box::new((MoveList::new(), MoveList::new())),
        }
    }

    /// Where the value of the first tag called `name` starts.
    fn at_of(&self, name: &str) -> Location {
        self.tags
            .iter()
            .zip(&self.tag_at)
            .find(|((n, _), _)| *n == name)
            .map_or(Location::new(self.line, 1), |(_, &at)| at)
    }

    /// Adds a note of `len` bytes of text at `at`: to the variation open, or to the ply
    /// played last.
    fn note(&mut self, len: usize, at: Location, node: Node) -> ControlFlow<Output> {
        self.weight += Notes::weight(len);
        if self.weight > self.max_notes {
            let limit = Limit::Notes;
            return fail(at.error(PdnErrorKind::LimitExceeded { limit }));
        }
        if let Some(variation) = self.open.last_mut() {
            variation.nodes.push(node);
            return ControlFlow::Continue(());
        }
        let ply = self.game.as_ref().map_or(0, Game::ply);
        if self.notes.last().is_none_or(|(p, _)| *p != ply) {
            self.notes.push((ply, Notes::default()));
        }
        if let Some((_, notes)) = self.notes.last_mut() {
            match node {
                Node::Nag(text) => notes.nags.push(text),
                Node::Comment(text) => notes.comments.push(text),
                Node::Variation(v) => notes.variations.push(v),
                Node::Move(_) => {}
            }
        }
        ControlFlow::Continue(())
    }

    /// Builds the game from the tags: GameType, Rules, Result and FEN are checked here.
    fn start_game(&mut self) -> Result<Game, PdnError> {
        if let Some(value) = self.tags.game_type() {
            if !game_type_ok(value) {
                let value = quote(value);
                return Err(self
                    .at_of("GameType")
                    .error(PdnErrorKind::UnknownGameType { value }));
            }
        }
        let tag = self.tags.get(RULES_TAG);
        let rules = match (self.rules, tag) {
            (Some(rules), Some(value)) => {
                if rules_of(value) != Some(rules) {
                    let at = self.at_of(RULES_TAG);
                    self.rules_conflict = Some(RulesConflict {
                        line: at.line,
                        column: at.column,
                        tag: quote(value),
                        chosen: rules,
                    });
                }
                rules
            }
            (Some(rules), None) => rules,
            (None, Some(value)) => match rules_of(value) {
                Some(rules) => rules,
                None => {
                    let value = quote(value);
                    return Err(self
                        .at_of(RULES_TAG)
                        .error(PdnErrorKind::UnknownRules { value }));
                }
            },
            (None, None) => RuleSet::Default,
        };
        if let Some(value) = self.tags.result() {
            match value.parse::<GameResult>() {
                Ok(r) => self.result_tag = Some(r),
                Err(_) => {
                    let value = quote(value);
                    return Err(self
                        .at_of("Result")
                        .error(PdnErrorKind::BadResultTag { value }));
                }
            }
        }
        let limit = match self.tags.get(NO_PROGRESS_LIMIT_TAG) {
            Some(value) => match no_progress_limit_of(value) {
                Some(plies) => Some(plies),
                None => {
                    let value = quote(value);
                    return Err(self
                        .at_of(NO_PROGRESS_LIMIT_TAG)
                        .error(PdnErrorKind::BadNoProgressLimit { value }));
                }
            },
            None => None,
        };
        let game = match self.tags.fen() {
            Some(fen) => Game::from_fen(fen, rules).map_err(|error| {
                let fen = quote(fen);
                self.at_of("FEN").error(PdnErrorKind::BadFen { fen, error })
            })?,
            None => Game::new(rules),
        };
        Ok(game.with_no_progress_limit(limit))
    }

    /// Reads and plays one move of the main line.
    fn play(&mut self, text: &str, at: Location) -> Result<(), PdnError> {
        if self.game.is_none() {
            self.game = Some(self.start_game()?);
        }
        let Some(game) = self.game.as_mut() else {
            return Ok(());
        };
        let (list, scratch) = &mut *self.lists;
        let pos = *game.position();
        let mv = pos.parse_any_move_with(text, list, scratch).map_err(|e| {
            at.error(match game.outcome() {
                Some(outcome) => PdnErrorKind::GameOver {
                    text: quote(text),
                    outcome,
                },
                None => PdnErrorKind::from_move(text, e),
            })
        })?;
        if game.ply() >= self.max_plies {
            let limit = Limit::Plies;
            return Err(at.error(PdnErrorKind::LimitExceeded { limit }));
        }
        game.play_resolved(mv).map_err(|outcome| {
            at.error(PdnErrorKind::GameOver {
                text: quote(text),
                outcome,
            })
        })
    }

    /// Checks the termination and gives the finished game.
    fn finish(&mut self, termination: GameResult, at: Location) -> Result<PdnGame, PdnError> {
        let mut game = match self.game.take() {
            Some(game) => game,
            None => self.start_game()?,
        };
        if let Some(tag) = self.result_tag {
            if tag != termination {
                return Err(at.error(PdnErrorKind::ResultMismatch { tag, termination }));
            }
        }
        if let Some(outcome) = game.outcome() {
            if GameResult::from(outcome) != termination {
                return Err(at.error(PdnErrorKind::ResultContradicted {
                    claimed: termination,
                    outcome,
                }));
            }
        }
        // A finished game holds what its plies need, not the room for more.
        game.shrink_to_fit();
        self.notes.shrink_to_fit();
        self.tags.shrink_to_fit();
        Ok(PdnGame {
            tags: core::mem::take(&mut self.tags),
            game,
            result: termination,
            line: self.line,
            rules_conflict: self.rules_conflict.take(),
            notes: core::mem::take(&mut self.notes),
        })
    }
}

impl Visitor for Replay {
    type Output = Output;

    fn begin_game(&mut self, at: Location) -> ControlFlow<Output> {
        self.tags = Tags::new();
        self.tag_at.clear();
        self.line = at.line;
        self.game = None;
        self.result_tag = None;
        self.rules_conflict = None;
        self.notes = Vec::new();
        self.weight = 0;
        self.open.clear();
        ControlFlow::Continue(())
    }

    fn tag(&mut self, name: &str, value: &str, at: Location) -> ControlFlow<Output> {
        self.tags.push(name, value);
        self.tag_at.push(at);
        ControlFlow::Continue(())
    }

    fn move_text(&mut self, text: &str, at: Location) -> ControlFlow<Output> {
        if !self.open.is_empty() {
            return self.note(text.len(), at, Node::Move(String::from(text)));
        }
        match self.play(text, at) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => fail(e),
        }
    }

    fn nag(&mut self, text: &str, at: Location) -> ControlFlow<Output> {
        self.note(text.len(), at, Node::Nag(String::from(text)))
    }

    fn comment(&mut self, text: &str, at: Location) -> ControlFlow<Output> {
        self.note(text.len(), at, Node::Comment(String::from(text)))
    }

    fn begin_variation(&mut self, at: Location) -> ControlFlow<Output, Skip> {
        if self.open.len() >= MAX_KEPT_DEPTH {
            return ControlFlow::Continue(Skip(true));
        }
        self.weight += Notes::weight(0);
        if self.weight > self.max_notes {
            let limit = Limit::Notes;
            return ControlFlow::Break(Err(at.error(PdnErrorKind::LimitExceeded { limit })));
        }
        self.open.push(Variation::default());
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self) -> ControlFlow<Output> {
        match self.open.pop() {
            Some(v) => {
                let at = Location::new(self.line, 1);
                self.weight -= Notes::weight(0);
                self.note(0, at, Node::Variation(v))
            }
            None => ControlFlow::Continue(()),
        }
    }

    /// The game ends here: the finished game, or the error of its termination.
    fn termination(&mut self, result: GameResult, at: Location) -> ControlFlow<Output> {
        ControlFlow::Break(self.finish(result, at))
    }

    /// Not called: every game read to its end breaks at its termination.
    fn end_game(&mut self) -> Output {
        let before = "the end of the game";
        Err(Location::new(self.line, 1).error(PdnErrorKind::MissingTermination { before }))
    }
}

/// The first error of a game: the rest of it is not visited.
fn fail(e: PdnError) -> ControlFlow<Output> {
    ControlFlow::Break(Err(e))
}
