//! A game of Turkish draughts in the terminal against a small engine.
//!
//! ```text
//! cargo run --release --example play -- [--rules default|tudaf] [--side white|black]
//!     [--depth N | --time SECONDS] [--fen FEN] [--save FILE] [--tablebase DIR]
//! ```
//!
//! With `--tablebase DIR` (tables built by the `tablebase` example for the same rules) the
//! engine scores every position the tables hold exactly, so it plays those endgames
//! perfectly: the shortest win, the longest loss, a draw kept.
//!
//! You play `--side` (White by default); the engine searches to `--depth` plies or for
//! `--time` seconds a move (1 s by default), and says what it plays with its score: in men
//! for the engine (`+1.35 men`: a man is worth 1.00, a king 3.20), or `wins in N plies` /
//! `loses in N plies` when it has seen a forced end. The board is drawn once a turn, before
//! your prompt, with the engine's last move marked, in colour when stdout is a terminal and
//! `NO_COLOR` is not set. Type moves in any notation the crate reads
//! (`Position::parse_any_move`): the full landing path `d4xd6xf6`, its short form `d4xf6`,
//! or the federation's captured-square form `d4xd5xe6`; upper case and `:` for `x`
//! (`D4:D6:F6`) are read too. Commands: `moves`, `undo`, `fen`, `pdn`, `help`, `quit`. A
//! bad or illegal move gets a one-line reason and the prompt again. At the end the result,
//! its reason and the game's PDN are printed; `--save FILE` also writes the PDN there (the
//! file is opened before the game starts, so that a name that cannot be written is an error
//! at once). End of input ends the game as unfinished.
//!
//! `--help` prints the usage on stdout. A bad argument prints one line on stderr,
//! `error: ...`, and exits with code 2. When the reader of the output goes away (`| head`),
//! the game stops quietly with exit code 0.

#[path = "../common/cli.rs"]
mod cli;
mod engine;
#[path = "../common/tablebase.rs"]
mod tablebase;

use std::fs::File;
use std::io::{BufRead, IsTerminal, Seek, Write};
use std::process::ExitCode;
use std::time::Duration;

use cli::Stop;
use engine::{Engine, Limit};
use turkish_draughts::pdn::{self, Tags, WriteOptions};
use turkish_draughts::{Color, Game, Move, Piece, Position, RuleSet, Square};

const USAGE: &str = "\
usage: play [--rules default|tudaf] [--side white|black] [--depth N | --time SECONDS]
    [--fen FEN] [--save FILE] [--tablebase DIR]

A game of Turkish draughts in the terminal against a small engine.

  --rules R        the rule set: default (the default) or tudaf
  --side S         your side: white (the default) or black
  --depth N        the engine searches N plies a move, 1 to 64
  --time SECONDS   the engine searches this long a move (default 1)
  --fen FEN        start from this position
  --save FILE      also write the game's PDN to FILE at the end (checked at the start)
  --tablebase DIR  endgame tables (built by the tablebase example for the same rules):
                   the engine plays the positions they hold perfectly
  -h, --help       this text

In the game, type `help` for the commands.";

const HELP: &str = "\
Type a move in landing notation (d3-d4, d4xd6xf6), its short form (d4xf6) or the
federation's captured-square form (d4xd5xe6); upper case (D3-D4) and `:` for `x`
(d4:d6:f6) are read too. Commands:
  moves  list the legal moves
  undo   take back your last move and the engine's reply
  fen    print the position as FEN
  pdn    print the game so far as PDN
  help   this text
  quit   stop the game here
The engine's score is its view of the game after its move, from its own side: in men
(a man is worth 1.00, a king 3.20; advancement and mobility add a little), positive when
it thinks it is ahead; `wins in N plies` or `loses in N plies` when it has seen a forced
end of the game, N plies from its move on.";

struct Args {
    rules: RuleSet,
    side: Color,
    limit: Limit,
    fen: Option<String>,
    save: Option<String>,
    tablebase: Option<String>,
}

fn parse_args() -> Result<Args, Stop> {
    let mut rules = RuleSet::Default;
    let mut side = Color::White;
    let mut limit = None;
    let mut fen = None;
    let mut save = None;
    let mut tablebase = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |what: &str| cli::value(&mut args, &arg, what);
        match arg.as_str() {
            "--rules" => {
                rules = cli::rules(&value("default or tudaf")?)?;
            }
            "--side" => {
                side = match value("white or black")?.as_str() {
                    "white" | "w" => Color::White,
                    "black" | "b" => Color::Black,
                    other => {
                        return Err(
                            format!("unknown side `{other}`: expected white or black").into()
                        );
                    }
                };
            }
            "--depth" => {
                let text = value("a number of plies")?;
                let depth = text
                    .parse()
                    .ok()
                    .filter(|d| (1..=64).contains(d))
                    .ok_or(format!(
                        "bad depth `{text}`: expected a whole number from 1 to 64"
                    ))?;
                if limit.replace(Limit::Depth(depth)).is_some() {
                    return Err("give --depth or --time, not both".into());
                }
            }
            "--time" => {
                let text = value("a number of seconds")?;
                let secs = text
                    .parse::<f64>()
                    .ok()
                    .filter(|s| s.is_finite() && *s > 0.0 && *s <= 3600.0)
                    .ok_or(format!(
                        "bad time `{text}`: expected seconds, more than 0 and at most 3600"
                    ))?;
                if limit
                    .replace(Limit::Time(Duration::from_secs_f64(secs)))
                    .is_some()
                {
                    return Err("give --depth or --time, not both".into());
                }
            }
            "--fen" => fen = Some(value("a FEN")?),
            "--save" => save = Some(value("a file name")?),
            "--tablebase" => tablebase = Some(value("a directory of endgame tables")?),
            "-h" | "--help" => return Err(Stop::Help),
            _ => return Err(format!("unexpected argument `{arg}` (see --help)").into()),
        }
    }
    Ok(Args {
        rules,
        side,
        limit: limit.unwrap_or(Limit::Time(Duration::from_secs(1))),
        fen,
        save,
        tablebase,
    })
}

/// The board as text, from `bottom`'s side, with the squares of `last` marked: brackets on
/// its origin and landing squares, `*` on the squares it captured. With `colour`, ANSI
/// escapes paint the squares and pieces instead of the brackets.
fn draw(pos: &Position, last: Option<&Move>, bottom: Color, colour: bool) -> String {
    let mut marked = Vec::new();
    let mut captured = turkish_draughts::Bitboard::EMPTY;
    if let Some(m) = last {
        marked.push(m.from());
        // (A capture too long for the move to hold its path: its destination alone.)
        match m.path() {
            Some(path) => marked.extend_from_slice(&path),
            None => marked.push(m.to()),
        }
        captured = m.captured();
    }
    let ranks: Vec<u8> = match bottom {
        Color::White => (0..8).rev().collect(),
        Color::Black => (0..8).collect(),
    };
    let files: Vec<u8> = match bottom {
        Color::White => (0..8).collect(),
        Color::Black => (0..8).rev().collect(),
    };
    let mut out = String::new();
    for &r in &ranks {
        out.push_str(&format!("{} ", r + 1));
        for &f in &files {
            let sq = Square::new(r * 8 + f).expect("a square index below 64");
            let piece = pos.board().piece_at(sq);
            let glyph = piece.map_or('.', Piece::char);
            let is_marked = marked.contains(&sq);
            let is_captured = captured.contains(sq);
            if colour {
                let bg = if is_captured {
                    "48;5;174"
                } else if is_marked {
                    "48;5;150"
                } else if (r + f) % 2 == 0 {
                    "48;5;137"
                } else {
                    "48;5;180"
                };
                let (fg, glyph) = match piece {
                    Some(p) if p.color == Color::White => ("1;97", glyph),
                    Some(_) => ("1;30", glyph),
                    None if is_captured => ("1;31", '*'),
                    None => ("2;30", ' '),
                };
                out.push_str(&format!("\x1b[{bg};{fg}m {glyph} \x1b[0m"));
            } else if is_captured {
                out.push_str(" * ");
            } else if is_marked {
                out.push_str(&format!("[{glyph}]"));
            } else {
                out.push_str(&format!(" {glyph} "));
            }
        }
        let end = out.trim_end_matches(' ').len();
        out.truncate(end);
        out.push('\n');
    }
    out.push_str("  ");
    for &f in &files {
        out.push_str(&format!(" {} ", char::from(b'a' + f)));
    }
    let end = out.trim_end_matches(' ').len();
    out.truncate(end);
    out.push('\n');
    let legend = if colour {
        "green: the last move, red: captured"
    } else {
        "[ ]: the last move, *: captured"
    };
    out.push_str("o O: white man, king; x X: black man, king; ");
    out.push_str(legend);
    out
}

/// Keys of the positions before the current one, for the engine's repetition checks.
fn history(game: &Game) -> Vec<u64> {
    let positions = game.positions();
    positions[..positions.len() - 1]
        .iter()
        .map(Position::zobrist)
        .collect()
}

fn pdn_text(game: &Game, args: &Args) -> String {
    let (white, black) = match args.side {
        Color::White => ("you", "turkish-draughts play example"),
        Color::Black => ("turkish-draughts play example", "you"),
    };
    let tags: Tags = [
        ("Event", "play example"),
        ("White", white),
        ("Black", black),
        ("Rules", args.rules.name()),
    ]
    .into_iter()
    .collect();
    pdn::write_game(game, &tags, &WriteOptions::default())
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Takes back moves until one of the player's own has been taken back. Returns how many
/// moves went, or 0 (and changes nothing) if the player has no move to take back.
fn undo_players_move(game: &mut Game, player: Color) -> usize {
    let before = game.clone();
    let mut taken = 0;
    while game.undo().is_some() {
        taken += 1;
        if game.position().turn() == player {
            return taken;
        }
    }
    *game = before;
    0
}

/// `println!`, but a reader of stdout that has gone (`| head`) stops the program quietly
/// (`println!` would panic); for `run`, which returns a `Stop`.
macro_rules! say {
    ($($arg:tt)*) => {
        cli::say(format_args!($($arg)*))?
    };
}

/// `print!` as [`say!`] is `println!`, flushed.
macro_rules! put {
    ($($arg:tt)*) => {
        cli::put(format_args!($($arg)*))?
    };
}

fn run() -> Result<ExitCode, Stop> {
    let args = parse_args()?;
    let mut game = match &args.fen {
        None => Game::new(args.rules),
        Some(fen) => Game::from_position(cli::position(fen, args.rules)?),
    };
    // Opened now, so that a file that cannot be written is known before the game starts; it
    // is written (and emptied first) at the end.
    let mut save = match &args.save {
        None => None,
        Some(path) => Some((
            path,
            File::options()
                .write(true)
                .create(true)
                .truncate(false)
                .open(path)
                .map_err(|e| format!("cannot write {path}: {e}"))?,
        )),
    };
    // Colour on a terminal, unless NO_COLOR is set (https://no-color.org).
    let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let mut engine = Engine::new(20);
    if let Some(dir) = &args.tablebase {
        let tb = tablebase::open(dir, args.rules)?;
        let win = turkish_draughts::engine::WIN;
        engine.set_oracle(Some(Box::new(move |pos: &Position| {
            tablebase::score(&tb, pos, win)
        })));
    }
    let player = args.side;
    say!(
        "Turkish draughts, {} rules. You play {}. Type a move, or `help`.",
        args.rules,
        side_name(player)
    );

    let stdin = std::io::stdin();
    // Typed input shows on a terminal; input from a pipe or file is echoed after the prompt,
    // so that the transcript reads the same.
    let echo = !stdin.is_terminal();
    let mut lines = stdin.lock().lines();
    // The board is drawn once a turn: before the player's prompt when the position has
    // changed since it was last drawn (the engine's reply marked), and at the end.
    let mut drawn = false;
    let ended = loop {
        if let Some(outcome) = game.outcome() {
            break Some(outcome);
        }
        let pos = *game.position();
        if pos.turn() != player {
            let Some(report) = engine.best_move(&pos, &history(&game), args.limit) else {
                break game.outcome();
            };
            game.try_play(report.mv)
                .map_err(|e| format!("the engine chose a move the game refused: {e}"))?;
            say!(
                "engine plays {} (depth {}, score {} for the engine, {} nodes)",
                report.mv,
                report.depth,
                engine::score_text(report.score),
                report.nodes
            );
            drawn = false;
            continue;
        }
        if !drawn {
            say!(
                "{}",
                draw(game.position(), game.moves().last(), player, colour)
            );
            drawn = true;
        }
        put!("{} to move> ", side_name(pos.turn()));
        let line = match lines.next() {
            None => {
                say!("");
                say!("end of input: the game stops here");
                break None;
            }
            Some(Err(e)) => {
                say!("");
                say!("cannot read the input ({e}): the game stops here");
                break None;
            }
            Some(Ok(line)) => line,
        };
        if echo {
            say!("{line}");
        }
        let text = line.trim();
        // Commands in either case; anything else is a move, read as the crate reads move
        // text (either case, `:` for `x`).
        match text.to_ascii_lowercase().as_str() {
            "" => {}
            "help" | "?" => say!("{HELP}"),
            "quit" | "exit" => {
                say!("you stop the game");
                break None;
            }
            "moves" => {
                let moves = game.legal_moves();
                let mut names: Vec<String> = moves.iter().map(Move::to_string).collect();
                names.sort();
                say!("legal moves ({}): {}", names.len(), names.join(" "));
            }
            "fen" => say!("{}", game.to_fen()),
            "pdn" => put!("{}", pdn_text(&game, &args)),
            "undo" => match undo_players_move(&mut game, player) {
                0 => say!("nothing to undo"),
                n => {
                    say!("took back {n} move{}", if n == 1 { "" } else { "s" });
                    drawn = false;
                }
            },
            _ => match pos.parse_any_move(text) {
                Err(e) => say!("cannot play `{text}`: {e}"),
                Ok(mv) => match game.try_play(mv) {
                    Err(e) => say!("cannot play `{text}`: {e}"),
                    Ok(()) => {
                        say!("you play {mv}");
                        drawn = false;
                    }
                },
            },
        }
    };

    if !drawn {
        say!(
            "{}",
            draw(game.position(), game.moves().last(), player, colour)
        );
    }
    match ended {
        Some(outcome) => say!("result {}: {outcome}", outcome.result()),
        None => say!("result *: the game was not finished"),
    }
    let text = pdn_text(&game, &args);
    put!("{text}");
    if let Some((path, file)) = &mut save {
        file.set_len(0)
            .and_then(|()| file.rewind())
            .and_then(|()| file.write_all(text.as_bytes()))
            .map_err(|e| format!("cannot write {path}: {e}"))?;
        say!("saved the game to {path}");
    }
    Ok(ExitCode::SUCCESS)
}

fn main() -> ExitCode {
    cli::finish(USAGE, run())
}
