//! The inputs the PDN reader is held to: each writes a text of about the size asked and
//! returns how many games it holds. `tests/pdn_hostile.rs` includes this file to test the
//! reader on small ones; the `pdn-hostile` tool writes big ones for measuring.

use std::io::{self, Write};

use turkish_draughts::pdn::{self, Tags, WriteOptions};
use turkish_draughts::{Game, Move, RuleSet};

/// A xorshift generator: the same seed gives the same inputs.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random game from the start: random legal moves until it ends or reaches `plies`.
pub fn random_game(rng: &mut Rng, rules: RuleSet, plies: usize) -> Game {
    let mut game = Game::new(rules);
    while game.ply() < plies && game.outcome().is_none() {
        let moves = game.position().legal_moves();
        game.play(moves[rng.below(moves.len())]);
    }
    game
}

/// PlayOK-shaped tags for game `i`.
pub fn tags(i: usize) -> Tags {
    [
        ("Event", "?".to_string()),
        ("Site", "PlayOK".to_string()),
        ("Date", "2025.03.02".to_string()),
        ("White", format!("player{}", 2 * i)),
        ("Black", format!("player{}", 2 * i + 1)),
        ("TimeControl", "300+3".to_string()),
    ]
    .into_iter()
    .collect()
}

/// The movetext of a written game: the text after its tags.
pub fn movetext(text: &str) -> &str {
    text.split_once("\n\n").map_or(text, |(_, moves)| moves)
}

/// Writes games made by `write_one(i, game)` until `bytes` are written; returns the count.
fn games_until(
    out: &mut dyn Write,
    bytes: usize,
    rules: RuleSet,
    mut write_one: impl FnMut(usize, &Game) -> String,
) -> io::Result<usize> {
    let mut rng = Rng::new(bytes as u64 ^ 0x9E37_79B9);
    let (mut written, mut games) = (0, 0);
    while written < bytes {
        let game = random_game(&mut rng, rules, 60);
        let text = write_one(games, &game);
        out.write_all(text.as_bytes())?;
        written += text.len();
        games += 1;
    }
    Ok(games)
}

/// Valid games without tags, separated by blank lines.
pub fn tagless(out: &mut dyn Write, bytes: usize) -> io::Result<usize> {
    games_until(out, bytes, RuleSet::Default, |_, g| {
        let text = pdn::write_game(g, &Tags::new(), &WriteOptions::default());
        format!("{}\n", movetext(&text))
    })
}

/// Valid games whose tags share one line.
pub fn tags_on_one_line(out: &mut dyn Write, bytes: usize) -> io::Result<usize> {
    games_until(out, bytes, RuleSet::Default, |i, g| {
        let text = pdn::write_game(g, &tags(i), &WriteOptions::default());
        let (head, moves) = text.split_once("\n\n").unwrap_or((&text, ""));
        format!("{}\n{moves}\n", head.replace('\n', " "))
    })
}

/// Valid games with tags, all of them on one line.
pub fn tagged_one_line(out: &mut dyn Write, bytes: usize) -> io::Result<usize> {
    games_until(out, bytes, RuleSet::Default, |i, g| {
        let text = pdn::write_game(g, &tags(i), &WriteOptions::default());
        format!("{} ", text.replace('\n', " ").trim_end())
    })
}

/// Valid games with tags, every line ended by a lone `\r` (old Mac files).
pub fn mac_line_ends(out: &mut dyn Write, bytes: usize) -> io::Result<usize> {
    games_until(out, bytes, RuleSet::Default, |i, g| {
        let text = pdn::write_game(g, &tags(i), &WriteOptions::default());
        format!("{text}\n").replace('\n', "\r")
    })
}

/// Valid games without tags, all on one line.
pub fn one_line(out: &mut dyn Write, bytes: usize) -> io::Result<usize> {
    games_until(out, bytes, RuleSet::Default, |_, g| {
        let text = pdn::write_game(g, &Tags::new(), &WriteOptions::default());
        format!("{} ", movetext(&text).replace('\n', " ").trim_end())
    })
}

/// The FEN of the long games: men of both sides two ranks apart from each other's, on ranks
/// where they only shuffle sideways in these games.
pub const SHUFFLE_FEN: &str = "W:Wa2,c2,e2,g2,b3,d3,f3,h3:Ba7,c7,e7,g7,b6,d6,f6,h6";

/// One game of `plies` plies from [`SHUFFLE_FEN`]: men shuffling sideways (every move
/// reversible, so the repetition window is the whole game), never a third repetition.
pub fn shuffle_game(plies: usize, seed: u64) -> Game {
    let mut game = Game::from_fen(SHUFFLE_FEN, RuleSet::Default).expect("a valid FEN");
    let mut rng = Rng::new(seed);
    while game.ply() < plies {
        let mut moves: Vec<Move> = game
            .position()
            .legal_moves()
            .into_iter()
            .filter(|m| m.from().rank() == m.to().rank())
            .collect();
        let start = rng.below(moves.len());
        moves.rotate_left(start);
        let played = moves.into_iter().any(|m| {
            game.play(m);
            if game.repetitions() < 3 {
                return true;
            }
            game.undo();
            false
        });
        assert!(played, "no sideways move left at ply {}", game.ply());
    }
    game
}

/// One game of `plies` sideways plies ([`shuffle_game`]), as PDN.
pub fn long_game(out: &mut dyn Write, plies: usize) -> io::Result<usize> {
    let game = shuffle_game(plies, 5);
    out.write_all(pdn::write_game(&game, &tags(0), &WriteOptions::default()).as_bytes())?;
    Ok(1)
}

/// A game whose only move is one word of `bytes` bytes, then a valid game.
pub fn one_token(out: &mut dyn Write, bytes: usize) -> io::Result<usize> {
    out.write_all(b"1. ")?;
    write_repeated(out, b"c3-c4", bytes)?;
    out.write_all(b" *\n\n1. d3-d4 *\n")?;
    Ok(2)
}

/// A game whose FEN tag is `bytes` bytes long, then a valid game.
pub fn long_fen_tag(out: &mut dyn Write, bytes: usize) -> io::Result<usize> {
    out.write_all(b"[FEN \"W:W")?;
    write_repeated(out, b"a2,", bytes)?;
    out.write_all(b"d2:Bd7\"]\n\n1. d2-d3 *\n\n[Event \"next\"]\n\n1. d3-d4 *\n")?;
    Ok(2)
}

/// `lines` tag lines and no movetext: one game without a termination.
pub fn tags_only(out: &mut dyn Write, lines: usize) -> io::Result<usize> {
    for i in 0..lines {
        writeln!(out, "[Event \"{i}\"]")?;
    }
    Ok(1)
}

/// Games without tags where every tenth has an illegal move.
pub fn illegal_tagless(out: &mut dyn Write, bytes: usize) -> io::Result<usize> {
    games_until(out, bytes, RuleSet::Default, |i, g| {
        let text = pdn::write_game(g, &Tags::new(), &WriteOptions::default());
        let moves = movetext(&text);
        if i % 10 == 3 {
            format!("1. c3-c5 {}\n", &moves[3..])
        } else {
            format!("{moves}\n")
        }
    })
}

/// Games without tags where every tenth opens a variation it never closes, and before every
/// tenth another a `{` comment is opened and never closed, on a line of its own. The reader
/// gives one item for each game and one more for each such comment (which is no game).
pub fn unclosed(out: &mut dyn Write, bytes: usize) -> io::Result<usize> {
    let mut comments = 0;
    let games = games_until(out, bytes, RuleSet::Default, |i, g| {
        comments += usize::from(i % 10 == 3);
        let text = pdn::write_game(g, &Tags::new(), &WriteOptions::default());
        let moves = movetext(&text);
        match i % 10 {
            3 => format!("{{ never closed\n{moves}\n"),
            7 => format!("1. c3-c4 ( 1. d3-d4 {}\n", &moves[3..]),
            _ => format!("{moves}\n"),
        }
    })?;
    Ok(games + comments)
}

/// Files that each start with a byte order mark, one after another (`cat a.pdn b.pdn`).
pub fn byte_order_marks(out: &mut dyn Write, bytes: usize) -> io::Result<usize> {
    games_until(out, bytes, RuleSet::Default, |i, g| {
        let text = pdn::write_game(g, &tags(i), &WriteOptions::default());
        format!("\u{feff}{text}\n")
    })
}

/// Games played under the federation's rules, as the selfplay example writes them.
pub fn tudaf_games(out: &mut dyn Write, bytes: usize) -> io::Result<usize> {
    games_until(out, bytes, RuleSet::Tudaf, |i, g| {
        format!(
            "{}\n",
            pdn::write_game(g, &tags(i), &WriteOptions::default())
        )
    })
}

fn write_repeated(out: &mut dyn Write, unit: &[u8], bytes: usize) -> io::Result<()> {
    let block = unit.repeat((64 * 1024 / unit.len()).max(1));
    let mut left = bytes;
    while left > 0 {
        let n = left.min(block.len());
        out.write_all(&block[..n])?;
        left -= n;
    }
    Ok(())
}
