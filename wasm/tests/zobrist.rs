//! The Zobrist keys that the npm package's test (`wasm/npm/test/api.test.js`) expects from
//! `Dama.zobrist()` are the Rust crate's: each line of `wasm/npm/test/data/zobrist.tsv` is a
//! FEN, a rule set and `Position::zobrist` of that position in hexadecimal.
//!
//! `WRITE_ZOBRIST=1 cargo test -p turkish-draughts-wasm --test zobrist` writes the file anew
//! from the positions of `tests/data/perft.tsv` and a few positions of a played game.

use turkish_draughts::{Game, Position, RuleSet};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/npm/test/data/zobrist.tsv");

fn positions() -> Vec<(String, RuleSet)> {
    let table = include_str!("../../tests/data/perft.tsv");
    let mut out: Vec<(String, RuleSet)> = table
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .enumerate()
        .map(|(i, l)| {
            let fen = l.split('\t').next().unwrap().to_string();
            (fen, RuleSet::ALL[i % 2])
        })
        .collect();
    let mut game = Game::new(RuleSet::Default);
    for text in ["c3-c4", "f6-f5", "c4-c5", "d6xd4"] {
        out.push((game.to_fen(), RuleSet::Default));
        if game.try_play_text(text).is_err() {
            break;
        }
    }
    out.push((game.to_fen(), RuleSet::Default));
    out
}

#[test]
fn the_package_expects_the_crates_keys() {
    if std::env::var_os("WRITE_ZOBRIST").is_some() {
        let mut text = String::from("# FEN\trules\tPosition::zobrist (hex)\n");
        for (fen, rules) in positions() {
            let pos = Position::from_fen(&fen, rules).unwrap();
            text.push_str(&format!("{fen}\t{rules}\t{:016x}\n", pos.zobrist()));
        }
        std::fs::write(FILE, text).unwrap();
    }
    let text = std::fs::read_to_string(FILE).unwrap();
    let mut rows = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = line.split('\t').collect();
        let [fen, rules, key] = cols[..] else {
            panic!("bad line {line:?}");
        };
        let pos = Position::from_fen(fen, rules.parse().unwrap()).unwrap();
        assert_eq!(format!("{:016x}", pos.zobrist()), key, "{fen}");
        rows += 1;
    }
    assert!(rows > 90);
}
