//! The play example driven through stdin with scripted games, as a person would type them.
//!
//! `cargo test` builds the examples before it runs the tests; the binary is looked up next
//! to this test's own (`target/<profile>/examples/play`). Run `cargo build --example play`
//! first when you run this file alone with `cargo test --test examples play::`.

use crate::common::example_binary;
use std::io::Write;
use std::process::{Command, Output, Stdio};

use turkish_draughts::pdn;
use turkish_draughts::{Color, Game, GameResult, Position, RuleSet};

/// Runs the built `play` example with `args`, `input` as what the player types.
fn run(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(example_binary("play"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the play example starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().expect("the play example ends")
}

/// What the example printed on stdout.
fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

/// The lines that answer the input after each prompt: the prompt line carries the echoed
/// input, and the answer is the next line.
fn answer_to<'a>(text: &'a str, input: &str) -> Vec<&'a str> {
    let lines: Vec<&str> = text.lines().collect();
    lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.ends_with(&format!("to move> {input}")))
        .map(|(i, _)| *lines.get(i + 1).unwrap_or(&""))
        .collect()
}

/// The engine's replies, read from its `engine plays <move> (...)` lines.
fn engine_moves(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.strip_prefix("engine plays "))
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect()
}

/// The PDN games in the output (from each `[Event` line to the line with the result).
fn pdn_games(text: &str) -> Vec<pdn::PdnGame> {
    let mut games = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("[Event ") {
        let tail = &rest[start..];
        let end = tail
            .find("\n\n")
            .and_then(|blank| tail[blank + 2..].find('\n').map(|e| blank + 2 + e + 1))
            .unwrap_or(tail.len());
        let game = pdn::read_str(&tail[..end])
            .next()
            .expect("one game")
            .expect("PDN the crate reads back");
        games.push(game);
        rest = &tail[end..];
    }
    games
}

#[test]
fn a_scripted_game_with_mistakes_commands_and_undo() {
    let script = "bogus\nd3-d5\nmoves\nd3-d4\nfen\nundo\nfen\nundo\n\nc3-c4\nhelp\npdn\nquit\n";
    let out = run(&["--depth", "2"], script);
    assert!(out.status.success(), "exit status {:?}", out.status);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    assert!(!text.contains('\x1b'), "no colour when stdout is a pipe");

    // Bad input: one line with the reason, then the prompt again, nothing played.
    let bogus = answer_to(&text, "bogus");
    assert_eq!(bogus.len(), 1);
    assert!(
        bogus[0].starts_with("cannot play `bogus`: "),
        "{}",
        bogus[0]
    );
    let illegal = answer_to(&text, "d3-d5");
    assert!(
        illegal[0].starts_with("cannot play `d3-d5`: "),
        "{}",
        illegal[0]
    );
    assert!(illegal[0].contains("d3"), "{}", illegal[0]);
    assert_eq!(answer_to(&text, "d3-d5").len(), 1);
    // From the start only the eight men of rank 3 can move, one square forward each.
    assert_eq!(
        answer_to(&text, "moves"),
        ["legal moves (8): a3-a4 b3-b4 c3-c4 d3-d4 e3-e4 f3-f4 g3-g4 h3-h4"]
    );

    // The player's move, then the engine's reply, then the board once, with the reply's
    // squares marked.
    assert_eq!(answer_to(&text, "d3-d4"), ["you play d3-d4"]);
    let lines: Vec<&str> = text.lines().collect();
    let after = lines.iter().position(|l| *l == "you play d3-d4").unwrap();
    assert!(lines[after + 1].starts_with("engine plays "), "{text}");
    let replies = engine_moves(&text);
    assert_eq!(replies.len(), 2, "one reply to each of the two moves");
    let board = &lines[after + 2..after + 12];
    assert_eq!(board[4], "4  .  .  .  o  .  .  .  .");
    assert_eq!(board[5], "3  o  o  o  .  o  o  o  o");
    assert_eq!(board[8], "   a  b  c  d  e  f  g  h");
    let reply = Position::start()
        .parse_move("d3-d4")
        .map(|m| {
            let mut p = Position::start();
            p.play(m);
            p.parse_move(&replies[0]).unwrap()
        })
        .unwrap();
    for sq in std::iter::once(reply.from()).chain(reply.path().unwrap()) {
        let row = board[7 - sq.rank().index() as usize];
        let col = 2 + 3 * sq.file().index() as usize;
        assert_eq!(&row[col..col + 1], "[", "{sq} is marked: {row}");
    }

    // `fen` after d3-d4 and the reply, worked out by replaying them.
    let mut game = Game::new(RuleSet::Default);
    game.try_play_text("d3-d4").unwrap();
    game.try_play_text(&replies[0]).unwrap();
    let fens = answer_to(&text, "fen");
    assert_eq!(fens.len(), 2);
    assert_eq!(fens[0], game.position().setup().to_string());

    // `undo` takes back the reply and the player's move; a second one has nothing to undo.
    assert_eq!(
        answer_to(&text, "undo"),
        ["took back 2 moves", "nothing to undo"]
    );
    assert_eq!(fens[1], Position::start().setup().to_string());

    // `help` lists the commands, one a line, up to the next prompt.
    let help_at = lines
        .iter()
        .position(|l| l.ends_with("to move> help"))
        .unwrap();
    let help: Vec<&str> = lines[help_at + 1..]
        .iter()
        .take_while(|l| !l.contains("to move> "))
        .copied()
        .collect();
    assert!(help[0].starts_with("Type a move"), "{help:?}");
    for command in ["moves", "undo", "fen", "pdn", "help", "quit"] {
        assert!(
            help.iter().any(|l| l.trim_start().starts_with(command)),
            "help mentions {command}: {help:?}"
        );
    }

    // `pdn` prints the game so far, and the end prints it again: c3-c4 and the reply.
    let games = pdn_games(&text);
    assert_eq!(games.len(), 2);
    for g in &games {
        let moves: Vec<String> = g.game().moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(moves, ["c3-c4".to_string(), replies[1].clone()]);
        assert_eq!(g.result(), GameResult::Ongoing);
        assert_eq!(g.tags().white(), Some("you"));
    }

    assert_eq!(answer_to(&text, "quit"), ["you stop the game"]);
    assert!(text.contains("\nresult *: the game was not finished\n"));
}

#[test]
fn end_of_input_ends_the_game_cleanly() {
    let out = run(&["--depth", "1", "--rules", "tudaf"], "e3-e4\n");
    assert!(out.status.success());
    assert!(out.stderr.is_empty());
    let text = stdout(&out);
    assert!(text.starts_with("Turkish draughts, tudaf rules. You play white."));
    assert!(text.contains("\nend of input: the game stops here\n"));
    assert!(text.contains("\nresult *: the game was not finished\n"));
    let games = pdn_games(&text);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].game().ply(), 2);
    assert_eq!(games[0].tags().get("Rules"), Some("tudaf"));
}

#[test]
fn a_won_game_prints_its_result_and_saves_its_pdn() {
    // Worked out by hand: after d2-c2 the black man on a2 cannot move (a1 is taken, and the
    // jump over b2 would land on c2), so White wins.
    let fen = "W:WKa1,a3,b2,d2:Ba2";
    let file = std::env::temp_dir().join(format!("play-test-{}.pdn", std::process::id()));
    let file_name = file.to_str().unwrap();
    let out = run(
        &["--fen", fen, "--depth", "2", "--save", file_name],
        "d2-c2\n",
    );
    assert!(out.status.success());
    let text = stdout(&out);
    let mut game = Game::from_fen(fen, RuleSet::Default).unwrap();
    game.try_play_text("d2-c2").unwrap();
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.winner(), Some(Color::White));
    assert!(
        text.contains(&format!("\nresult 2-0: {outcome}\n")),
        "{text}"
    );
    assert!(engine_moves(&text).is_empty());
    let saved = std::fs::read_to_string(&file).expect("the PDN file");
    let _ = std::fs::remove_file(&file);
    assert!(text.contains(&saved), "the saved PDN is the printed one");
    let games = pdn_games(&saved);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].result(), GameResult::WhiteWins);
    assert_eq!(
        *games[0].game().start(),
        Position::from_fen(fen, RuleSet::Default).unwrap()
    );
    assert_eq!(games[0].game().moves(), game.moves());
    assert!(text.contains(&format!("saved the game to {file_name}")));
}

#[test]
fn moves_in_the_captured_square_notation_are_read() {
    // The example of `Position::parse_any_move`: the man on f3 takes four pieces, written
    // with the captured squares. Then a lone white man faces a lone black king: under the
    // default rules the king's side wins at once.
    let fen = "W:Wf3:Bf4,e5,d6,c7,Kh8";
    let out = run(&["--fen", fen, "--depth", "1"], "f3xf4xe5xd6xc7\n");
    assert!(out.status.success());
    let text = stdout(&out);
    assert_eq!(
        answer_to(&text, "f3xf4xe5xd6xc7"),
        ["you play f3xf5xd5xd7xb7"]
    );
    assert!(text.contains("\nresult 0-2: "), "{text}");
}

#[test]
fn the_engine_moves_first_when_the_player_takes_black() {
    let out = run(&["--side", "black", "--depth", "1"], "quit\n");
    assert!(out.status.success());
    let text = stdout(&out);
    let first_prompt = text
        .find("black to move> quit")
        .expect("a prompt for black");
    assert_eq!(engine_moves(&text[..first_prompt]).len(), 1);
    // Drawn once, after the engine's move, from Black's side: rank 1 on top, file h on the
    // left.
    assert!(
        text.lines().nth(1).unwrap().starts_with("engine plays "),
        "{text}"
    );
    assert!(text.lines().nth(2).unwrap().starts_with("1 "), "{text}");
    assert!(text.contains("\n   h  g  f  e  d  c  b  a\n"));
    let games = pdn_games(&text);
    assert_eq!(games[0].tags().black(), Some("you"));
    assert_eq!(games[0].game().ply(), 1);
}

#[test]
fn bad_arguments_give_one_line_and_a_non_zero_exit() {
    for args in [
        &["--depth", "0"][..],
        &["--side", "green"],
        &["--rules", "fide"],
        &["--fen", "W:Wz9:B"],
        &["--fen", "W:Wa2:Ba2"],
        &["--time", "1", "--depth", "2"],
        &["--time", "-1"],
        &["--bogus"],
        &["--depth"],
    ] {
        let out = run(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// The boards drawn between two prompts (and after the last one), as counts.
fn boards_per_turn(text: &str) -> Vec<usize> {
    text.split("to move> ")
        .map(|turn| {
            turn.lines()
                .filter(|l| l.starts_with("   a  b") || l.starts_with("   h  g"))
                .count()
        })
        .collect()
}

#[test]
fn the_board_is_drawn_once_a_turn() {
    let script = "d3-d4\nc3-c4\nfen\nundo\nmoves\nh3-h4\nquit\n";
    let out = run(&["--depth", "1"], script);
    assert!(out.status.success());
    let text = stdout(&out);
    // One board before the first prompt, then one after each change of the position (a
    // move and the engine's reply, an undo), none after `fen` and `moves`, which change
    // nothing, and none after quitting.
    let counts = boards_per_turn(&text);
    let turns: Vec<&str> = text.split("to move> ").collect();
    assert_eq!(counts.len(), 8, "{text}");
    assert_eq!(counts[0], 1);
    for (turn, count) in turns.iter().zip(&counts).skip(1) {
        let changed = turn.contains("\nyou play ") || turn.contains("\ntook back ");
        assert_eq!(*count, usize::from(changed), "{turn}");
    }
    assert!(turns[2].starts_with("c3-c4\nyou play "), "{text}");
    assert_eq!(counts[1..], [1, 1, 0, 1, 0, 1, 0]);
}

#[test]
fn upper_case_squares_and_colons_are_read() {
    // The example of `Position::parse_any_move`, typed in upper case with `:`, in both
    // notations.
    let fen = "W:Wf3:Bf4,e5,d6,c7,Kh8";
    for typed in ["F3:F4:E5:D6:C7", "F3:F5:D5:D7:B7", "f3:b7", "F3XB7"] {
        let out = run(&["--fen", fen, "--depth", "1"], &format!("{typed}\n"));
        assert!(out.status.success());
        let text = stdout(&out);
        assert_eq!(
            answer_to(&text, typed),
            ["you play f3xf5xd5xd7xb7"],
            "{typed}"
        );
    }
    // An unreadable text is quoted as typed.
    let out = run(&["--depth", "1"], "D3:Z9\nquit\n");
    let text = stdout(&out);
    let answer = answer_to(&text, "D3:Z9");
    assert!(answer[0].starts_with("cannot play `D3:Z9`: "), "{answer:?}");
}

#[test]
fn the_engine_explains_its_score() {
    // Playing White, the engine takes one of the two black men at once, and a lone king
    // against a lone man wins under the default rules: a forced win in one ply.
    let out = run(
        &["--side", "black", "--fen", "W:WKd1:Bd5,h7", "--depth", "2"],
        "",
    );
    assert!(out.status.success());
    let text = stdout(&out);
    let line = text
        .lines()
        .find(|l| l.starts_with("engine plays "))
        .expect("the engine moves");
    assert_eq!(
        line.split(" (").nth(1).unwrap().split(", ").nth(1),
        Some("score wins in 1 ply for the engine"),
        "{line}"
    );
    assert!(text.contains("\nresult 2-0: "), "{text}");
    // In an ordinary position the score is in men, with two decimals and a sign.
    let out = run(&["--depth", "2"], "d3-d4\n");
    let text = stdout(&out);
    let line = text
        .lines()
        .find(|l| l.starts_with("engine plays "))
        .unwrap();
    let score = line.split(", ").nth(1).unwrap();
    let number = score
        .strip_prefix("score ")
        .and_then(|s| s.strip_suffix(" men for the engine"))
        .unwrap_or_else(|| panic!("{line}"));
    assert!(number.starts_with(['+', '-']), "{line}");
    assert_eq!(number.split('.').nth(1).map(str::len), Some(2), "{line}");
    // `help` explains it.
    let out = run(&["--depth", "1"], "help\nquit\n");
    let text = stdout(&out);
    assert!(text.contains("in men"), "{text}");
    assert!(text.contains("wins in N plies"), "{text}");
}

#[test]
fn save_replaces_an_existing_file() {
    let file = std::env::temp_dir().join(format!("play-save-{}.pdn", std::process::id()));
    std::fs::write(&file, "x".repeat(10_000)).unwrap();
    let out = run(
        &["--depth", "1", "--save", file.to_str().unwrap()],
        "d3-d4\nquit\n",
    );
    assert!(out.status.success());
    let saved = std::fs::read_to_string(&file).unwrap();
    let _ = std::fs::remove_file(&file);
    assert!(saved.starts_with("[Event "), "{saved}");
    assert!(!saved.contains('x'.to_string().repeat(3).as_str()));
    assert_eq!(pdn_games(&saved).len(), 1);
    assert!(stdout(&out).contains(&saved));
}
