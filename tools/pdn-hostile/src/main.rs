//! Writes the inputs the PDN reader is measured on (PERFORMANCE.md, "PDN reading"), and
//! reads what the `pdn` example does not.
//!
//! ```text
//! pdn-hostile gen <case> <size> <file>   write a case; prints how many items it holds
//! pdn-hostile json <plies> <file>        one long game (sideways shuffling) as JSON
//! pdn-hostile read-json <file>           reads a Game from JSON, prints its plies and time
//! pdn-hostile honest <times> [captured]  reads the criterion bench's 200 games <times> times
//! pdn-hostile replay <times>             plays 100 random games of up to 200 plies on a Game
//! ```
//!
//! `<size>` is in bytes for every case but `long-game` (plies) and `tags-only` (lines); a
//! suffix `k` or `m` multiplies by 1 000 or 1 000 000. The cases are the functions of
//! `tests/common/pdn_cases.rs`: tagless, tags-one-line, tagged-one-line, mac, one-line, long-game, one-token, fen-tag,
//! tags-only, illegal-tagless, unclosed, bom, tudaf. `/dev/zero` needs no file: read
//! `head -c 100m /dev/zero`.

#[path = "../../../tests/common/pdn_cases.rs"]
mod cases;

use std::fs::File;
use std::io::{BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

use turkish_draughts::pdn::{self, Notation, Reader, WriteOptions};
use turkish_draughts::{Game, RuleSet};

const USAGE: &str = "usage: pdn-hostile gen <case> <size> <file> | json <plies> <file> | \
                     read-json <file> | honest <times> [captured] | replay <times>";

fn size(text: &str) -> Result<usize, String> {
    let (digits, factor) = match text.strip_suffix(['k', 'K']) {
        Some(d) => (d, 1_000),
        None => match text.strip_suffix(['m', 'M']) {
            Some(d) => (d, 1_000_000),
            None => (text, 1),
        },
    };
    digits
        .parse::<usize>()
        .map(|n| n * factor)
        .map_err(|_| format!("bad size {text:?}"))
}

fn generate(case: &str, n: usize, out: &mut dyn Write) -> Result<usize, String> {
    let written = match case {
        "tagless" => cases::tagless(out, n),
        "tags-one-line" => cases::tags_on_one_line(out, n),
        "tagged-one-line" => cases::tagged_one_line(out, n),
        "mac" => cases::mac_line_ends(out, n),
        "one-line" => cases::one_line(out, n),
        "long-game" => cases::long_game(out, n),
        "one-token" => cases::one_token(out, n),
        "fen-tag" => cases::long_fen_tag(out, n),
        "tags-only" => cases::tags_only(out, n),
        "illegal-tagless" => cases::illegal_tagless(out, n),
        "unclosed" => cases::unclosed(out, n),
        "bom" => cases::byte_order_marks(out, n),
        "tudaf" => cases::tudaf_games(out, n),
        _ => return Err(format!("unknown case {case:?}; {USAGE}")),
    };
    written.map_err(|e| e.to_string())
}

/// The text of `benches/pdn.rs`: 200 random games of 60 plies with PlayOK-shaped tags.
fn bench_text(notation: Notation) -> String {
    let mut rng = cases::Rng::new(0x2545_F491_4F6C_DD1D);
    let mut out = String::new();
    for i in 0..200 {
        let game = cases::random_game(&mut rng, RuleSet::Default, 60);
        out.push_str(&pdn::write_game(
            &game,
            &cases::tags(i),
            &WriteOptions::new(notation),
        ));
        out.push('\n');
    }
    out
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args[..] {
        ["gen", case, n, path] => {
            let file = File::create(path).map_err(|e| format!("{path}: {e}"))?;
            let mut out = BufWriter::new(file);
            let items = generate(case, size(n)?, &mut out)?;
            out.flush().map_err(|e| e.to_string())?;
            eprintln!("{path}: {items} items");
        }
        ["json", plies, path] => {
            let game = cases::shuffle_game(size(plies)?, 5);
            let json = serde_json::to_string(&game).map_err(|e| e.to_string())?;
            std::fs::write(path, json).map_err(|e| format!("{path}: {e}"))?;
        }
        ["read-json", path] => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            let start = Instant::now();
            let game: Game = serde_json::from_str(&text).map_err(|e| e.to_string())?;
            let secs = start.elapsed().as_secs_f64();
            println!(
                "{} plies, {} repetitions at the end, {:.3} s, {:.1} MB/s",
                game.ply(),
                game.repetitions(),
                secs,
                text.len() as f64 / secs / 1e6
            );
        }
        ["honest", times] | ["honest", times, _] => {
            let captured = args.get(2) == Some(&"captured");
            let text = bench_text(if captured {
                Notation::Captured
            } else {
                Notation::Landing
            });
            let mut plies = 0;
            for _ in 0..size(times)? {
                for game in Reader::new(text.as_bytes()) {
                    plies += game.map_err(|e| e.to_string())?.game().ply();
                }
            }
            println!("{} bytes, {plies} plies read", text.len());
        }
        ["replay-position", times] => {
            let mut rng = cases::Rng::new(0x2545_F491_4F6C_DD1D);
            let games: Vec<Vec<turkish_draughts::Move>> = (0..100)
                .map(|_| cases::random_game(&mut rng, RuleSet::Default, 200).moves().to_vec())
                .collect();
            let mut sum = 0u64;
            for _ in 0..size(times)? {
                for moves in &games {
                    let mut pos = turkish_draughts::Position::new(RuleSet::Default);
                    for &mv in moves {
                        pos.play(mv);
                    }
                    sum ^= pos.board().occupied().to_u64();
                }
            }
            println!("{sum}");
        }
        ["replay", times] => {
            let mut rng = cases::Rng::new(0x2545_F491_4F6C_DD1D);
            let games: Vec<Vec<turkish_draughts::Move>> = (0..100)
                .map(|_| cases::random_game(&mut rng, RuleSet::Default, 200).moves().to_vec())
                .collect();
            let mut plies = 0;
            for _ in 0..size(times)? {
                for moves in &games {
                    let mut game = Game::new(RuleSet::Default);
                    for &mv in moves {
                        game.play(mv);
                    }
                    plies += game.ply();
                }
            }
            println!("{plies} plies played");
        }
        _ => return Err(USAGE.to_string()),
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}
