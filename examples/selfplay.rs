//! Self-play: plays games between two simple players and writes them as one PDN file.
//!
//! ```text
//! cargo run --release --example selfplay -- [--rules default|tudaf] [--games N]
//!     [--player random|alphabeta] [--white P] [--black P] [--depth D] [--seed S]
//!     [--max-plies N] [--no-progress N] [--out FILE] [--tablebase DIR]
//! ```
//!
//! * `random` plays a uniformly random legal move.
//! * `alphabeta` searches `--depth` plies (default 4) with alpha-beta on material (a man 100, a
//!   king 300), captures searched on past the depth until none is left, and a transposition
//!   table keyed by Zobrist keys that it updates move by move with `Position::zobrist_delta`.
//!   Among equally good moves it picks one at random, so games differ.
//!
//! `--player` sets both sides (default `random`); `--white` / `--black` set one. Every game
//! ends: by the rules, by threefold repetition, by the no-progress draw (`--no-progress`,
//! default 60 plies without a capture or a man move) or, failing all of those, it stops after
//! `--max-plies` (default 400) with the result `*`. The same `--seed` (default 1) gives the
//! same file.
//!
//! The PDN goes to stdout or `--out FILE`, a summary line to stderr, and a progress bar to
//! stderr when it is a terminal. Each game carries its rule set (`[Rules "tudaf"]`), so the
//! `pdn` example reads the file back under the right rules without being told. `--help`
//! prints the usage on stdout. A bad argument or a file that cannot be written prints one
//! line on stderr, `error: ...` (naming the file), and exits with code 2.

#[path = "common/cli.rs"]
mod cli;
#[path = "common/tablebase.rs"]
mod tablebase;

use std::collections::HashMap;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

use turkish_draughts::pdn::{self, Tags, WriteOptions};
use turkish_draughts::{Color, Game, GameResult, Move, MoveList, Position, RuleSet};

const HELP: &str = "\
usage: selfplay [--rules default|tudaf] [--games N] [--player random|alphabeta]
    [--white P] [--black P] [--depth D] [--seed S] [--max-plies N] [--no-progress N]
    [--out FILE] [--tablebase DIR]

Plays games between two simple players and writes them as one PDN file.

  --rules R          the rule set: default (the default) or tudaf
  --games N          how many games (default 10)
  --player P         both players: random (the default) or alphabeta
  --white P          White's player
  --black P          Black's player
  --depth D          alphabeta's search depth in plies, 1 to 20 (default 4)
  --seed S           the seed of the random choices (default 1): the same seed, the same file
  --max-plies N      stop a game after N plies with the result * (default 400)
  --no-progress N    draw after N plies without a capture or a man move (default 60)
  --out FILE         write the PDN to FILE instead of stdout
  --tablebase DIR    endgame tables for the same rules (the tablebase example builds them):
                     alphabeta plays the positions they hold perfectly
  -h, --help         this text";

pub use cli::Stop;

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A uniformly random legal move.
    Random,
    /// Alpha-beta on material to a fixed depth.
    AlphaBeta,
}

impl Player {
    fn parse(name: &str) -> Result<Player, String> {
        match name {
            "random" => Ok(Player::Random),
            "alphabeta" => Ok(Player::AlphaBeta),
            _ => Err(format!(
                "unknown player `{name}`: expected random or alphabeta"
            )),
        }
    }

    fn name(self, depth: u32) -> String {
        match self {
            Player::Random => "random".to_string(),
            Player::AlphaBeta => format!("alphabeta depth {depth}"),
        }
    }
}

/// The command line.
#[derive(Clone, Debug)]
pub struct Options {
    pub rules: RuleSet,
    pub games: u32,
    pub white: Player,
    pub black: Player,
    pub depth: u32,
    pub seed: u64,
    pub max_plies: usize,
    pub no_progress: u32,
    pub out: Option<String>,
    pub tablebase: Option<String>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            rules: RuleSet::Default,
            games: 10,
            white: Player::Random,
            black: Player::Random,
            depth: 4,
            seed: 1,
            max_plies: 400,
            no_progress: 60,
            out: None,
            tablebase: None,
        }
    }
}

/// The whole number after `option` (`what` it counts), worded as the other examples word
/// their errors: `--games needs a value: a number of games`, `bad number of games `x`:
/// expected a whole number`.
fn number<T: std::str::FromStr>(
    args: &mut impl Iterator<Item = String>,
    option: &str,
    what: &str,
) -> Result<T, Stop> {
    let value = cli::value(args, option, &format!("a {what}"))?;
    value
        .parse()
        .map_err(|_| format!("bad {what} `{value}`: expected a whole number").into())
}

/// Reads the options (without the program name).
pub fn parse_args(args: impl IntoIterator<Item = String>) -> Result<Options, Stop> {
    let mut o = Options::default();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rules" => {
                o.rules = cli::rules(&cli::value(&mut args, "--rules", "default or tudaf")?)?;
            }
            "--games" => o.games = number(&mut args, "--games", "number of games")?,
            "--player" | "--white" | "--black" => {
                let player = Player::parse(&cli::value(&mut args, &arg, "random or alphabeta")?)?;
                if arg != "--black" {
                    o.white = player;
                }
                if arg != "--white" {
                    o.black = player;
                }
            }
            "--depth" => {
                let text = cli::value(&mut args, "--depth", "a depth from 1 to 20")?;
                o.depth = text
                    .parse()
                    .ok()
                    .filter(|d| (1..=20).contains(d))
                    .ok_or(format!(
                        "bad depth `{text}`: expected a whole number from 1 to 20"
                    ))?;
            }
            "--seed" => o.seed = number(&mut args, "--seed", "seed")?,
            "--max-plies" => o.max_plies = number(&mut args, "--max-plies", "number of plies")?,
            "--no-progress" => {
                o.no_progress = number(&mut args, "--no-progress", "number of plies")?;
            }
            "--out" => o.out = Some(cli::value(&mut args, "--out", "a file name")?),
            "--tablebase" => {
                let dir = cli::value(&mut args, "--tablebase", "a directory of endgame tables")?;
                o.tablebase = Some(dir);
            }
            "-h" | "--help" => return Err(Stop::Help),
            _ if arg.starts_with("--") => {
                return Err(format!("unknown option `{arg}` (see --help)").into());
            }
            _ => return Err(format!("unexpected argument `{arg}` (see --help)").into()),
        }
    }
    Ok(o)
}

/// xorshift64*, seeded through SplitMix64 so that any seed (0 too) works.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Rng((z ^ (z >> 31)) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

const WIN: i32 = 1_000_000;
const MAN: i32 = 100;
const KING: i32 = 300;

#[derive(Clone, Copy)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    depth: i32,
    value: i32,
    bound: Bound,
}

/// Alpha-beta on material with a transposition table keyed by Zobrist keys.
pub struct AlphaBeta {
    depth: u32,
    table: HashMap<u64, Entry>,
    tablebase: Option<std::rc::Rc<turkish_draughts::tablebase::Tablebase>>,
}

impl AlphaBeta {
    pub fn new(depth: u32) -> AlphaBeta {
        AlphaBeta {
            depth,
            table: HashMap::new(),
            tablebase: None,
        }
    }

    /// The same player, playing perfectly the positions that `tb` holds.
    pub fn with_tablebase(
        mut self,
        tb: Option<std::rc::Rc<turkish_draughts::tablebase::Tablebase>>,
    ) -> AlphaBeta {
        self.tablebase = tb;
        self
    }

    /// Material from the side to move's point of view.
    fn eval(pos: &Position) -> i32 {
        let b = pos.board();
        let score = |c: Color| {
            let pieces = b.by_color(c);
            let kings = (pieces.to_u64() & b.kings().to_u64()).count_ones() as i32;
            (pieces.count() as i32 - kings) * MAN + kings * KING
        };
        score(pos.turn()) - score(!pos.turn())
    }

    /// Negamax with alpha-beta. `key` is `pos.zobrist()`, kept up to date incrementally.
    fn search(
        &mut self,
        pos: &Position,
        key: u64,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            return -(WIN - ply);
        }
        if pos.board().white().count() == 1 && pos.board().black().count() == 1 {
            if let Some(outcome) = pos.outcome() {
                return match outcome.winner() {
                    None => 0,
                    Some(c) if c == pos.turn() => WIN - ply,
                    Some(_) => -(WIN - ply),
                };
            }
        }
        // Captures are forced: search them on past the depth so that the material counted
        // is not in the middle of an exchange.
        if depth <= 0 && !moves[0].is_capture() {
            return AlphaBeta::eval(pos);
        }
        let alpha0 = alpha;
        if let Some(e) = self.table.get(&key) {
            if e.depth >= depth {
                match e.bound {
                    Bound::Exact => return e.value,
                    Bound::Lower if e.value >= beta => return e.value,
                    Bound::Upper if e.value <= alpha => return e.value,
                    _ => {}
                }
            }
        }
        let mut best = -WIN - 1;
        for mv in &moves {
            let mut child = *pos;
            child.play_unchecked(*mv);
            let value = -self.search(
                &child,
                key ^ pos.zobrist_delta(*mv),
                depth - 1,
                -beta,
                -alpha,
                ply + 1,
            );
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if self.table.len() > 1 << 20 {
            self.table.clear();
        }
        self.table.insert(
            key,
            Entry {
                depth,
                value: best,
                bound,
            },
        );
        best
    }

    /// The move to play: the best by search, a random one among equals.
    pub fn choose(&mut self, game: &Game, rng: &mut Rng) -> Move {
        let pos = *game.position();
        if let Some(best) = self
            .tablebase
            .as_deref()
            .and_then(|tb| tablebase::best_moves(tb, &pos))
        {
            return best[rng.below(best.len())];
        }
        let mut moves: Vec<Move> = pos.legal_moves().into_iter().collect();
        for i in (1..moves.len()).rev() {
            moves.swap(i, rng.below(i + 1));
        }
        let depth = self.depth as i32;
        let mut best = (i32::MIN, moves[0]);
        for mv in moves {
            let mut child = pos;
            child.play_unchecked(mv);
            let key = game.zobrist() ^ pos.zobrist_delta(mv);
            // A full window for each root move, so equal values stay equal.
            let value = -self.search(&child, key, depth - 1, -WIN - 1, WIN + 1, 1);
            if value > best.0 {
                best = (value, mv);
            }
        }
        best.1
    }
}

/// Plays one game; it always ends (see the module documentation).
pub fn play_game(o: &Options, rng: &mut Rng, searchers: &mut [AlphaBeta; 2]) -> Game {
    let mut game = Game::new(o.rules).with_no_progress_limit(Some(o.no_progress));
    while game.outcome().is_none() && game.ply() < o.max_plies {
        let turn = game.position().turn();
        let player = match turn {
            Color::White => o.white,
            Color::Black => o.black,
        };
        let mv = match player {
            Player::Random => {
                let moves = game.position().legal_moves();
                moves[rng.below(moves.len())]
            }
            Player::AlphaBeta => searchers[turn as usize].choose(&game, rng),
        };
        game.play(mv);
    }
    game
}

/// What was played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub games: u32,
    pub plies: usize,
    pub white_wins: u32,
    pub black_wins: u32,
    pub draws: u32,
    pub unfinished: u32,
}

fn progress_bar(done: u32, total: u32, plies: usize) {
    const WIDTH: u32 = 30;
    let filled = (u64::from(done) * u64::from(WIDTH) / u64::from(total.max(1))) as usize;
    let mut err = io::stderr().lock();
    let _ = write!(
        err,
        "\r[{}{}] {done}/{total} games, {plies} plies",
        "#".repeat(filled),
        ".".repeat(WIDTH as usize - filled)
    );
    let _ = err.flush();
}

/// Plays `o.games` games and writes them to `out` as PDN, one blank line between games.
pub fn run(o: &Options, out: &mut dyn Write, progress: bool) -> io::Result<Summary> {
    run_with(o, None, out, progress)
}

/// [`run`], the alphabeta players playing perfectly the positions that `tb` holds.
pub fn run_with(
    o: &Options,
    tb: Option<std::rc::Rc<turkish_draughts::tablebase::Tablebase>>,
    out: &mut dyn Write,
    progress: bool,
) -> io::Result<Summary> {
    let mut rng = Rng::new(o.seed);
    let mut searchers = [
        AlphaBeta::new(o.depth).with_tablebase(tb.clone()),
        AlphaBeta::new(o.depth).with_tablebase(tb),
    ];
    let mut summary = Summary::default();
    let mut last_bar = Instant::now();
    for i in 0..o.games {
        let game = play_game(o, &mut rng, &mut searchers);
        let tags: Tags = [
            ("Event", "turkish-draughts selfplay".to_string()),
            ("Round", (i + 1).to_string()),
            ("White", o.white.name(o.depth)),
            ("Black", o.black.name(o.depth)),
        ]
        .into_iter()
        .collect();
        if i > 0 {
            out.write_all(b"\n")?;
        }
        out.write_all(pdn::write_game(&game, &tags, &WriteOptions::default()).as_bytes())?;
        summary.games += 1;
        summary.plies += game.ply();
        match game.result() {
            GameResult::WhiteWins => summary.white_wins += 1,
            GameResult::BlackWins => summary.black_wins += 1,
            GameResult::Draw => summary.draws += 1,
            GameResult::Ongoing => summary.unfinished += 1,
        }
        // At most ten updates a second, and the last one.
        if progress && (last_bar.elapsed().as_millis() >= 100 || i + 1 == o.games) {
            progress_bar(i + 1, o.games, summary.plies);
            last_bar = Instant::now();
        }
    }
    if progress {
        eprintln!();
    }
    out.flush()?;
    Ok(summary)
}

fn main() -> ExitCode {
    cli::finish(HELP, run_command_line())
}

fn run_command_line() -> Result<ExitCode, Stop> {
    let o = parse_args(std::env::args().skip(1))?;
    let progress = io::stderr().is_terminal();
    let tb = match &o.tablebase {
        Some(dir) => Some(std::rc::Rc::new(tablebase::open(dir, o.rules)?)),
        None => None,
    };
    let start = Instant::now();
    // The file is created before the first game, so that a bad name costs no wait.
    let result = match &o.out {
        Some(path) => run_with(&o, tb, &mut BufWriter::new(cli::create(path)?), progress),
        None => run_with(&o, tb, &mut BufWriter::new(io::stdout().lock()), progress),
    };
    match result {
        Ok(s) => {
            eprintln!(
                "{} games ({} rules), {} plies: {} white wins, {} black wins, {} draws, {} unfinished, in {:.2?}",
                s.games,
                o.rules,
                s.plies,
                s.white_wins,
                s.black_wins,
                s.draws,
                s.unfinished,
                start.elapsed()
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(match &o.out {
            Some(path) => format!("cannot write {path}: {e}"),
            None => format!("cannot write the output: {e}"),
        }
        .into()),
    }
}
