//! The PDN reader accepts everything `examples/selfplay.rs`
//! writes, 1 000 games under each rule set, and reads back the same games.
#![cfg(feature = "std")]

#[allow(dead_code)]
#[path = "../../examples/selfplay.rs"]
pub mod program;

use program::{Options, Player, Stop};
use turkish_draughts::pdn::{self, ReadOptions};
use turkish_draughts::{Game, GameResult, RuleSet};

/// Plays with the example's code, keeping the games, and checks the written text reads back.
fn check(options: &Options) {
    // The games themselves, played again from the same seed.
    let mut rng = program::Rng::new(options.seed);
    let mut searchers = [
        program::AlphaBeta::new(options.depth),
        program::AlphaBeta::new(options.depth),
    ];
    let games: Vec<Game> = (0..options.games)
        .map(|_| program::play_game(options, &mut rng, &mut searchers))
        .collect();

    let mut out = Vec::new();
    let summary = program::run(options, &mut out, false).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(summary.games, options.games);
    assert_eq!(summary.plies, games.iter().map(Game::ply).sum::<usize>());

    // The Rules tag carries the rule set: read without being told, the same games come back.
    let untold: Vec<_> = pdn::read_str(&text).collect();
    assert_eq!(untold.len(), games.len());
    for (i, (read, played)) in untold.iter().zip(&games).enumerate() {
        let read = read
            .as_ref()
            .unwrap_or_else(|e| panic!("game {}: {e}", i + 1));
        assert_eq!(read.game().rules(), options.rules, "game {}", i + 1);
        assert_eq!(read.game().moves(), played.moves(), "game {}", i + 1);
        assert_eq!(read.rules_conflict(), None);
    }

    let read: Vec<_> = pdn::read_str_with(&text, ReadOptions::new(options.rules)).collect();
    assert_eq!(read.len(), games.len());
    for (i, (read, played)) in read.into_iter().zip(&games).enumerate() {
        let read = read.unwrap_or_else(|e| panic!("game {}: {e}", i + 1));
        assert_eq!(read.game().start(), played.start(), "game {}", i + 1);
        assert_eq!(read.game().moves(), played.moves(), "game {}", i + 1);
        assert_eq!(read.result(), played.result(), "game {}", i + 1);
        assert_eq!(read.tags().round(), Some((i + 1).to_string().as_str()));
    }
    // Every game ended: by the rules, or at the ply cap with `*`.
    for g in &games {
        assert!(g.result() != GameResult::Ongoing || g.ply() == options.max_plies);
    }
}

#[test]
fn reader_accepts_1000_random_games_under_each_rule_set() {
    for rules in RuleSet::ALL {
        check(&Options {
            rules,
            games: 1000,
            seed: 7,
            ..Options::default()
        });
    }
}

#[test]
fn reader_accepts_alphabeta_games() {
    for rules in RuleSet::ALL {
        check(&Options {
            rules,
            games: 4,
            white: Player::AlphaBeta,
            black: Player::Random,
            depth: 2,
            seed: 11,
            ..Options::default()
        });
    }
}

#[test]
fn options_are_read_and_checked() {
    let o = program::parse_args(
        "--rules tudaf --games 3 --player alphabeta --black random --depth 3 --seed 9 --out x.pdn"
            .split(' ')
            .map(String::from),
    )
    .unwrap();
    assert_eq!(o.rules, RuleSet::Tudaf);
    assert_eq!(o.games, 3);
    assert_eq!((o.white, o.black), (Player::AlphaBeta, Player::Random));
    assert_eq!((o.depth, o.seed), (3, 9));
    assert_eq!(o.out.as_deref(), Some("x.pdn"));
    for (args, error) in [
        (
            "--games x",
            "bad number of games `x`: expected a whole number",
        ),
        ("--games", "--games needs a value: a number of games"),
        ("--frobnicate", "unknown option `--frobnicate` (see --help)"),
        ("extra", "unexpected argument `extra` (see --help)"),
        (
            "--player minimax",
            "unknown player `minimax`: expected random or alphabeta",
        ),
        (
            "--rules fide",
            "unknown rule set `fide`: expected default or tudaf",
        ),
        (
            "--depth 0",
            "bad depth `0`: expected a whole number from 1 to 20",
        ),
        ("--depth", "--depth needs a value: a depth from 1 to 20"),
        ("--out", "--out needs a value: a file name"),
    ] {
        assert_eq!(
            program::parse_args(args.split(' ').map(String::from)).unwrap_err(),
            Stop::Error(error.to_string())
        );
    }
}
