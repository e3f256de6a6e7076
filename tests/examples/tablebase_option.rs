//! The `--tablebase DIR` option of the `play` and `selfplay` examples: with the tables, the
//! engines play a position the tables hold as the tables say (a move of `best_moves`).
#![cfg(feature = "std")]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::common::example_binary;
use crate::selfplay::program;
use turkish_draughts::tablebase::{Builder, Tablebase};
use turkish_draughts::{Game, Position, RuleSet};

/// A fresh directory holding the tables of `rules` up to `pieces` pieces; removed on drop.
pub struct Tables(pub PathBuf, RuleSet);

impl Tables {
    pub fn build_for(rules: RuleSet, pieces: u32) -> Tables {
        // One directory a call: a test may hold several.
        static CALLS: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "td-example-tables-{}-{}",
            std::process::id(),
            CALLS.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        Builder::new(rules, dir.clone())
            .threads(2)
            .build(pieces)
            .expect("the tables build");
        Tables(dir, rules)
    }

    /// The 3-piece tables of the default rules.
    fn build() -> Tables {
        Tables::build_for(RuleSet::Default, 3)
    }

    pub fn open(&self) -> Tablebase {
        Tablebase::open(&self.0, self.1).expect("the tables open")
    }

    /// The directory, as a command-line argument.
    pub fn arg(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temporary directory")
    }
}

impl Drop for Tables {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Two kings against one, White to move: a win the engine must play by the tables.
const FEN: &str = "W:WKb2,Kg7:Bd5";

fn best_texts(tb: &Tablebase, pos: &Position) -> Vec<String> {
    tb.best_moves(pos)
        .unwrap()
        .iter()
        .map(|m| m.to_string())
        .collect()
}

#[test]
fn play_with_tables_plays_a_best_move() {
    let tables = Tables::build();
    let tb = tables.open();
    let pos = Position::from_fen(FEN, RuleSet::Default).unwrap();
    let best = best_texts(&tb, &pos);
    // Every legal move is not best here, so the check can fail.
    assert!(best.len() < pos.legal_moves().len(), "{best:?}");

    let mut child = Command::new(example_binary("play"))
        .args([
            "--side",
            "black",
            "--depth",
            "2",
            "--fen",
            FEN,
            "--tablebase",
        ])
        .arg(&tables.0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"quit\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let line = stdout
        .lines()
        .find(|l| l.starts_with("engine plays "))
        .unwrap_or_else(|| panic!("no engine move in {stdout}"));
    let played = line["engine plays ".len()..].split(' ').next().unwrap();
    assert!(best.iter().any(|b| b == played), "{played} not in {best:?}");
    assert!(line.contains("wins in"), "{line}");
}

#[test]
fn play_refuses_a_directory_without_tables_in_one_line() {
    let out = Command::new(example_binary("play"))
        .args(["--tablebase", "/nonexistent/td-tables"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: cannot open the tables"), "{err}");
}

#[test]
fn selfplay_alphabeta_with_tables_chooses_a_best_move() {
    let tables = Tables::build();
    let tb = std::rc::Rc::new(tables.open());
    let game = Game::from_fen(FEN, RuleSet::Default).unwrap();
    let best = best_texts(&tb, game.position());
    let mut player = program::AlphaBeta::new(1).with_tablebase(Some(tb));
    let mut rng = program::Rng::new(7);
    for _ in 0..20 {
        let mv = player.choose(&game, &mut rng).to_string();
        assert!(best.contains(&mv), "{mv} not in {best:?}");
    }
}
