//! Writing PDN, all of it: a [`Game`] with tags of the caller's ([`write_game`],
//! [`Game::to_pdn`]), and a [`PdnGame`] with everything it was read with
//! ([`PdnGame::to_pdn`]): which tags are written and how, the numbered moves wrapped at 80
//! columns, the annotations and the termination.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt::Write;

use super::game::PdnGame;
use super::notes::{Node, Notes, Variation};
use super::rules_tag::{NO_PROGRESS_LIMIT_TAG, RULES_TAG, no_progress_limit_of, rules_of};
use super::tags::Tags;
use crate::{Color, Game, GameResult, RuleSet, Setup};

/// The move notation of written PDN.
///
/// ```
/// use turkish_draughts::pdn::Notation;
/// assert_eq!(Notation::default(), Notation::Landing);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Notation {
    /// The origin then every landing square: `c4xc6xe6`, `d3-d4` (PlayOK and most programs).
    #[default]
    Landing,
    /// The federation's form: the origin then every captured square, `c4xc5xd6`, with the
    /// landing square added when a king could stop on several squares.
    Captured,
}

/// How a game is written.
///
/// ```
/// use turkish_draughts::pdn::{Notation, WriteOptions};
/// let options = WriteOptions::new(Notation::Captured);
/// assert_eq!(options.notation, Notation::Captured);
/// assert_eq!(WriteOptions::default().notation, Notation::Landing);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct WriteOptions {
    /// The move notation.
    pub notation: Notation,
}

impl WriteOptions {
    /// Options with this notation.
    ///
    /// ```
    /// use turkish_draughts::pdn::{Notation, WriteOptions};
    /// assert_eq!(WriteOptions::new(Notation::Landing), WriteOptions::default());
    /// ```
    pub const fn new(notation: Notation) -> WriteOptions {
        WriteOptions { notation }
    }
}

/// The seven tags every game carries, with their values when unknown.
const SEVEN: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// The tags the writer writes itself from the game.
const OWN: [&str; 5] = ["GameType", RULES_TAG, NO_PROGRESS_LIMIT_TAG, "FEN", "SetUp"];

/// The line length movetext is wrapped at.
const WIDTH: usize = 80;

fn tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    // A tag name is letters, digits and `_`; anything else would not read back.
    if name.is_empty() {
        out.push('_');
    }
    for c in name.chars() {
        out.push(if c.is_ascii_alphanumeric() || c == '_' {
            c
        } else {
            '_'
        });
    }
    out.push_str(" \"");
    for c in value.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        // A tag is one line: a line break in a value becomes a space.
        out.push(if c == '\n' || c == '\r' { ' ' } else { c });
    }
    out.push_str("\"]\n");
}

/// The result written for `game`: its outcome when the position or history decides it,
/// else the `Result` tag when it reads as a result, else `*`.
fn result_of(game: &Game, tags: &Tags) -> GameResult {
    match game.outcome() {
        Some(outcome) => GameResult::from(outcome),
        None => tags
            .result()
            .and_then(|r| r.parse().ok())
            .unwrap_or(GameResult::Ongoing),
    }
}

/// Writes `game` as one PDN game: the seven standard tags first (`Event`, `Site`, `Date`,
/// `Round`, `White`, `Black`, `Result`, from `tags` or `?`, `????.??.??`, `*` when
/// missing), `[GameType "30,W,8,8,A0,0"]`, the rule set of the game as
/// `[Rules "default"]` or `[Rules "tudaf"]` ([`RULES_TAG`](super::RULES_TAG)), the game's
/// no-progress limit as `[NoProgressLimit "60"]`
/// ([`NO_PROGRESS_LIMIT_TAG`](super::NO_PROGRESS_LIMIT_TAG)) when it has one, `[SetUp "1"]`
/// and `[FEN "..."]` when the game does not start from the start position, the other tags
/// of `tags` in their order, a blank line, the numbered moves wrapped at 80 columns, and the
/// result. The text ends with a newline; separate games with a blank line. The `GameType`,
/// `Rules`, `NoProgressLimit`, `SetUp` and `FEN` tags of `tags` are not written: the game
/// says them. Without tags of your own and in landing notation, [`Game::to_pdn`] is the
/// same in one call.
///
/// The `Result` tag and the termination are the game's outcome when its position or
/// history decides it, else the `Result` tag of `tags` if it reads as a result, else `*`.
/// Reading the text back with [`read_str`](super::read_str) gives an equal [`Game`] (the
/// same rule set, first position, moves and no-progress limit) and the same tags, as long as tag names are ASCII letters, digits and `_` (other characters
/// are written as `_`) and values hold no line break (written as a space).
///
/// ```
/// use turkish_draughts::pdn::{self, Tags, WriteOptions};
/// use turkish_draughts::{Game, RuleSet};
/// let mut game = Game::new(RuleSet::Default);
/// for m in ["c3-c4", "f6-f5", "d3-d4"] {
///     game.try_play_text(m)?;
/// }
/// let tags: Tags = [("White", "ayse"), ("Black", "can"), ("Opening", "?")].into_iter().collect();
/// let text = pdn::write_game(&game, &tags, &WriteOptions::default());
/// assert_eq!(
///     text,
///     "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"ayse\"]\n\
///      [Black \"can\"]\n[Result \"*\"]\n[GameType \"30,W,8,8,A0,0\"]\n[Rules \"default\"]\n\
///      [Opening \"?\"]\n\n1. c3-c4 f6-f5 2. d3-d4 *\n"
/// );
/// let back = pdn::read_str(&text).next().unwrap()?;
/// assert_eq!(back.game().moves(), game.moves());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_game(game: &Game, tags: &Tags, options: &WriteOptions) -> String {
    let mut out = String::with_capacity(256 + 8 * game.ply());
    let result = result_of(game, tags);
    for (name, unknown) in SEVEN {
        if name == "Result" {
            let _ = writeln!(out, "[Result \"{result}\"]");
        } else {
            tag(&mut out, name, tags.get(name).unwrap_or(unknown));
        }
    }
    out.push_str("[GameType \"30,W,8,8,A0,0\"]\n");
    let _ = writeln!(out, "[{RULES_TAG} \"{}\"]", game.rules().name());
    if let Some(plies) = game.no_progress_limit() {
        let _ = writeln!(out, "[{NO_PROGRESS_LIMIT_TAG} \"{plies}\"]");
    }
    let start = game.start();
    if start.setup() != Setup::start() {
        out.push_str("[SetUp \"1\"]\n");
        let _ = writeln!(out, "[FEN \"{}\"]", start.setup());
    }
    for (name, value) in tags.iter() {
        if !SEVEN.iter().any(|(n, _)| *n == name) && !OWN.contains(&name) {
            tag(&mut out, name, value);
        }
    }
    out.push('\n');

    movetext(&mut out, game, options, &[], result);
    out
}

impl PdnGame {
    /// The game as PDN with everything it was read with: its tags in their order (with the
    /// `Rules` tag of its rule set added or set when the tags alone would not say it), a
    /// blank line, the moves in landing notation with their NAGs, comments and variations,
    /// and the termination read. Reading the text back gives the same game, tags and
    /// annotations (`;` and `%` comments, move numbers inside variations and the spacing are
    /// not kept).
    ///
    /// ```
    /// use turkish_draughts::pdn;
    /// let text = "[White \"ayse\"]\n\n1. c3-c4! {good} (1. d3-d4 $2) f6-f5 1-0\n";
    /// let game = pdn::read_str(text).next().unwrap()?;
    /// let written = game.to_pdn();
    /// assert_eq!(written, "[White \"ayse\"]\n\n1. c3-c4 ! {good} ( d3-d4 $2 ) f6-f5 2-0\n");
    /// assert_eq!(pdn::read_str(&written).next().unwrap()?, game);
    /// # Ok::<(), pdn::PdnError>(())
    /// ```
    pub fn to_pdn(&self) -> String {
        let mut out = String::with_capacity(256 + 8 * self.game().ply());
        for (name, value) in tags_to_write(self).iter() {
            tag(&mut out, name, value);
        }
        out.push('\n');
        let notes = self.notes_by_ply();
        movetext(
            &mut out,
            self.game(),
            &WriteOptions::default(),
            notes,
            self.result(),
        );
        out
    }
}

/// The tags [`PdnGame::to_pdn`] writes: the game's own, with the `Rules` and
/// `NoProgressLimit` tags set to what the game was played under when its tags would not say
/// it.
fn tags_to_write(game: &PdnGame) -> Cow<'_, Tags> {
    let rules = game.game().rules();
    let said = match game.tags().get(RULES_TAG) {
        Some(value) => rules_of(value),
        None => Some(RuleSet::Default),
    };
    let limit = game.game().no_progress_limit();
    let limit_said = game
        .tags()
        .get(NO_PROGRESS_LIMIT_TAG)
        .map(no_progress_limit_of);
    if said == Some(rules) && limit_said == limit.map(Some) {
        return Cow::Borrowed(game.tags());
    }
    let mut tags = game.tags().clone();
    if said != Some(rules) {
        tags.set(RULES_TAG, rules.name());
    }
    match limit {
        Some(plies) if limit_said != Some(Some(plies)) => {
            tags.set(NO_PROGRESS_LIMIT_TAG, alloc::format!("{plies}"));
        }
        None => {
            tags.remove(NO_PROGRESS_LIMIT_TAG);
        }
        Some(_) => {}
    }
    Cow::Owned(tags)
}

/// The numbered moves wrapped at [`WIDTH`] columns, each ply followed by its notes, then the
/// result and a newline.
fn movetext(
    out: &mut String,
    game: &Game,
    options: &WriteOptions,
    notes: &[(usize, Notes)],
    result: GameResult,
) {
    let mut line = 0;
    let mut word = String::new();
    let mut push = |out: &mut String, word: &str| {
        // A word that starts with `%` at the start of a line would be an escape line.
        if line > 0 && line + 1 + word.len() > WIDTH && !word.starts_with('%') {
            out.push('\n');
            line = 0;
        }
        if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(word);
        line += word.len();
    };
    let mut notes = notes.iter().peekable();
    let mut write_notes_of =
        |out: &mut String, ply: usize, push: &mut dyn FnMut(&mut String, &str)| {
            while let Some((_, n)) = notes.next_if(|(p, _)| *p <= ply) {
                write_notes(n, &mut |w: &str| push(out, w));
            }
        };
    write_notes_of(out, 0, &mut push);
    let mut number = 1;
    for (i, mv) in game.moves().iter().enumerate() {
        let pos = &game.positions()[i];
        word.clear();
        match pos.turn() {
            Color::White => {
                let _ = write!(word, "{number}.");
                push(out, &word);
            }
            Color::Black if i == 0 => {
                let _ = write!(word, "{number}...");
                push(out, &word);
            }
            Color::Black => {}
        }
        if pos.turn() == Color::Black {
            number += 1;
        }
        word.clear();
        let _ = match options.notation {
            // (A capture that holds no path gets one from its position.)
            Notation::Landing => write!(word, "{}", pos.display_move(mv)),
            Notation::Captured => write!(word, "{}", pos.captured_notation(*mv)),
        };
        push(out, &word);
        write_notes_of(out, i + 1, &mut push);
    }
    write_notes_of(out, usize::MAX, &mut push);
    word.clear();
    let _ = write!(word, "{result}");
    push(out, &word);
    out.push('\n');
}

/// Writes `notes` as PDN words, each given to `push`.
fn write_notes(notes: &Notes, push: &mut impl FnMut(&str)) {
    for nag in &notes.nags {
        push(nag);
    }
    for comment in &notes.comments {
        write_comment(comment, push);
    }
    for variation in &notes.variations {
        write_variation(variation, push);
    }
}

fn write_comment(text: &str, push: &mut impl FnMut(&str)) {
    let mut word = String::with_capacity(text.len() + 2);
    word.push('{');
    word.push_str(text);
    word.push('}');
    push(&word);
}

fn write_variation(variation: &Variation, push: &mut impl FnMut(&str)) {
    push("(");
    for node in &variation.nodes {
        match node {
            Node::Move(text) | Node::Nag(text) => push(text),
            Node::Comment(text) => write_comment(text, push),
            Node::Variation(inner) => write_variation(inner, push),
        }
    }
    push(")");
}

impl Game {
    /// The game as PDN, for the common case: [`write_game`] with no tags of your own (the
    /// seven standard tags are written with their unknown values, `?`) and the default
    /// [`WriteOptions`] (landing notation). The `Result` tag and the termination are the
    /// game's [`result`](Game::result). Use `write_game` to set tags or the notation. Read
    /// back, it gives an equal game, its no-progress limit included.
    ///
    /// ```
    /// use turkish_draughts::{pdn, Game, RuleSet};
    /// let mut game = Game::new(RuleSet::Default).with_no_progress_limit(Some(60));
    /// game.try_play_text("c3-c4")?;
    /// game.try_play_text("f6-f5")?;
    /// let text = game.to_pdn();
    /// assert!(text.starts_with("[Event \"?\"]\n"));
    /// assert!(text.ends_with("\n1. c3-c4 f6-f5 *\n"));
    /// let back = pdn::read_str(&text).next().unwrap()?;
    /// assert_eq!(back.game(), &game);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_pdn(&self) -> String {
        write_game(self, &Tags::new(), &WriteOptions::default())
    }
}
