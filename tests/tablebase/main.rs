//! The endgame tables: built for up to 3 pieces into a temporary directory, both rule sets,
//! then probed through the public API only. Expected values are worked out by hand from
//! RULES.md, or by a search of our own here over the move generator.

#[path = "../reference/mod.rs"]
mod reference;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use turkish_draughts::tablebase::{Builder, FileError, ProbeError, Tablebase, Wdl};
use turkish_draughts::{Bitboard, Color, Outcome, Position, RuleSet, Setup};

/// The directory holding both rule sets' tables of up to 3 pieces, built once per run.
fn tables() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("td-tablebase-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for rules in [RuleSet::Default, RuleSet::Tudaf] {
            let report = Builder::new(rules, &dir).build(3).expect("build");
            assert_eq!(
                report.built.len(),
                16,
                "4 two-piece and 12 three-piece materials"
            );
        }
        dir
    })
}

fn open(rules: RuleSet) -> Tablebase {
    Tablebase::open(tables(), rules).expect("open")
}

fn pos(fen: &str, rules: RuleSet) -> Position {
    Position::from_fen(fen, rules).expect(fen)
}

fn value(tb: &Tablebase, p: &Position) -> (Wdl, Option<u32>) {
    (tb.probe_wdl(p).expect("wdl"), tb.probe_dtw(p).expect("dtw"))
}

#[test]
fn a_second_build_keeps_every_file() {
    let report = Builder::new(RuleSet::Default, tables())
        .build(3)
        .expect("build");
    assert!(report.built.is_empty());
    assert_eq!(report.present.len(), 16);
}

#[test]
fn hand_checked_positions() {
    let d = open(RuleSet::Default);
    let t = open(RuleSet::Tudaf);
    assert_eq!(d.max_pieces(), 3);
    // The default rules: a lone king against a lone man wins at once for the king's side,
    // whoever is to move: a terminal win (king to move) and a terminal loss (man to move).
    let p = pos("W:WKd4:Bd6", RuleSet::Default);
    assert_eq!(value(&d, &p), (Wdl::Win, Some(0)));
    assert!(d.best_moves(&p).unwrap().is_empty(), "the game is over");
    let p = pos("B:WKd4:Bd6", RuleSet::Default);
    assert_eq!(value(&d, &p), (Wdl::Loss, Some(0)));
    // The side to move has no piece: it has no move and has lost.
    let p = Position::from_setup(
        &Setup {
            white: Bitboard::EMPTY,
            black: Bitboard::from_u64(1 << 40),
            kings: Bitboard::EMPTY,
            turn: Color::White,
        },
        RuleSet::Default,
    )
    .unwrap();
    assert_eq!(value(&d, &p), (Wdl::Loss, Some(0)));
    // Two lone kings, the side to move can capture: the capture leaves the other side
    // without a piece, a win in one ply. Without the capture, a draw at once.
    let p = pos("W:WKd4:BKd6", RuleSet::Default);
    assert_eq!(value(&d, &p), (Wdl::Win, Some(1)));
    let best: Vec<String> = d
        .best_moves(&p)
        .unwrap()
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(best, ["d4xd7", "d4xd8"]);
    let p = pos("W:WKa1:BKh8", RuleSet::Default);
    assert_eq!(value(&d, &p), (Wdl::Draw, None));
    // The federation's rules: any one piece each is a draw at once.
    for fen in [
        "W:WKd4:BKd6",
        "W:WKd4:Bd6",
        "B:WKd4:Bd6",
        "W:Wd3:Bd6",
        "W:WKa1:BKh8",
    ] {
        assert_eq!(
            value(&t, &pos(fen, RuleSet::Tudaf)),
            (Wdl::Draw, None),
            "{fen}"
        );
    }
    // A man crowned in the middle of a capture. White's man c6 jumps c7 to c8; under the
    // default rules it goes on as a king along rank 8 and takes the king on e8 too, leaving
    // Black nothing: a win in one ply. Under the federation's rules it stops on c8 as a
    // man crowned at the end of the move, one king each: a draw.
    let fen = "W:Wc6:Bc7,Ke8";
    assert_eq!(value(&d, &pos(fen, RuleSet::Default)), (Wdl::Win, Some(1)));
    assert_eq!(value(&t, &pos(fen, RuleSet::Tudaf)), (Wdl::Draw, None));
    // Black to move in the same kind of position, seen from Black's side.
    let fen = "B:Wc2,Ke1:Bc3";
    assert_eq!(value(&d, &pos(fen, RuleSet::Default)), (Wdl::Win, Some(1)));
    assert_eq!(value(&t, &pos(fen, RuleSet::Tudaf)), (Wdl::Draw, None));
}

#[test]
fn errors_are_typed() {
    let d = open(RuleSet::Default);
    let p = pos("W:WKd4,e4:Bd6,a6", RuleSet::Default);
    assert_eq!(
        d.probe_wdl(&p),
        Err(ProbeError::TooManyPieces { pieces: 4, max: 3 })
    );
    assert!(matches!(
        d.probe_wdl(&pos("W:WKd4:Bd6", RuleSet::Tudaf)),
        Err(ProbeError::RulesMismatch { .. })
    ));
    // A man on its own back rank (a relaxed position) is in no table.
    let relaxed =
        Position::from_setup_relaxed(&"W:WKc3,c4:Bg8".parse().unwrap(), RuleSet::Default).unwrap();
    assert_eq!(d.probe_wdl(&relaxed), Err(ProbeError::NotCovered));
}

/// A directory without a table of the rule set asked for: every probe, `stats` and
/// `verify` say so, naming the directory and what it holds instead, rather than answering
/// nothing or "at most 0 pieces".
#[test]
fn a_directory_without_the_rule_sets_tables_says_what_it_holds() {
    let dir = with_kvk_dtw("default-only", |_| {});
    let tb = Tablebase::open(&dir, RuleSet::Tudaf).expect("an existing directory opens");
    assert_eq!(tb.max_pieces(), 0);
    let expected = ProbeError::NoTables {
        dir: dir.clone(),
        rules: RuleSet::Tudaf,
        held: vec![(RuleSet::Default, 2)],
    };
    let p = pos("W:WKa1,Kb2:BKh8", RuleSet::Tudaf);
    assert_eq!(tb.probe_wdl(&p), Err(expected.clone()));
    assert_eq!(tb.probe_dtw(&p), Err(expected.clone()));
    assert_eq!(tb.best_moves(&p), Err(expected.clone()));
    assert_eq!(tb.stats(), Err(expected.clone()));
    assert_eq!(tb.verify(1), Err(expected.clone()));
    assert_eq!(
        expected.to_string(),
        format!(
            "no table of the tudaf rules in {} (it holds the default rules' tables, up to 2 pieces)",
            dir.display()
        )
    );
    // Under its own rule set the same directory answers.
    let d = Tablebase::open(&dir, RuleSet::Default).unwrap();
    assert_eq!(
        d.probe_wdl(&pos("W:WKa1:BKa5", RuleSet::Default)),
        Ok(Wdl::Win)
    );
    // A directory with no table at all says that.
    let empty = dir.join("empty");
    std::fs::create_dir(&empty).unwrap();
    let err = Tablebase::open(&empty, RuleSet::Default)
        .unwrap()
        .stats()
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "no table of the default rules in {} (it holds no table at all)",
            empty.display()
        )
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A directory with the 2-piece default tables and `KvK.default.dtw` replaced by `bytes`.
fn with_kvk_dtw(name: &str, edit: impl Fn(&mut Vec<u8>)) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("td-tablebase-bad-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(tables()).unwrap() {
        let entry = entry.unwrap();
        let file = entry.file_name().into_string().unwrap();
        // The 2-piece materials' files: `KvK`, `KvM`, `MvK`, `MvM`.
        let two_pieces = file.split('.').next().is_some_and(|m| m.len() == 3);
        if two_pieces && file.contains(".default.") {
            std::fs::copy(entry.path(), dir.join(&file)).unwrap();
        }
    }
    let path = dir.join("KvK.default.dtw");
    let mut bytes = std::fs::read(&path).unwrap();
    edit(&mut bytes);
    std::fs::write(&path, bytes).unwrap();
    dir
}

#[test]
fn bad_files_give_typed_errors() {
    let p = pos("W:WKa1:BKh8", RuleSet::Default);
    // A decided position: its distance is read from the DTW file (a draw's is not).
    let won = pos("W:WKa1:BKa5", RuleSet::Default);
    let probe = |dir: &Path| {
        Tablebase::open(dir, RuleSet::Default)
            .unwrap()
            .probe_dtw(&won)
    };
    let truncated = with_kvk_dtw("truncated", |b| b.truncate(b.len() / 2));
    assert!(matches!(
        probe(&truncated),
        Err(ProbeError::File(FileError::Corrupt { .. }))
    ));
    let flipped = with_kvk_dtw("flipped", |b| {
        let n = b.len() - 3;
        b[n] ^= 0x40;
    });
    let err = probe(&flipped).unwrap_err();
    assert!(
        matches!(err, ProbeError::File(FileError::Corrupt { .. })),
        "{err}"
    );
    assert!(err.to_string().contains("KvK.default.dtw"), "{err}");
    let version = with_kvk_dtw("version", |b| b[8] = 9);
    assert!(matches!(
        probe(&version),
        Err(ProbeError::File(FileError::WrongVersion {
            found: 9,
            expected: 3,
            ..
        }))
    ));
    let other_rules = with_kvk_dtw("rules", |b| {
        *b = std::fs::read(tables().join("KvK.tudaf.dtw")).unwrap();
    });
    assert!(matches!(
        probe(&other_rules),
        Err(ProbeError::File(FileError::WrongRules { found: 1, .. }))
    ));
    let empty = with_kvk_dtw("empty", |b| b.clear());
    assert!(matches!(
        probe(&empty),
        Err(ProbeError::File(FileError::Corrupt { .. }))
    ));
    // The WDL file of the same material is still good.
    let tb = Tablebase::open(&flipped, RuleSet::Default).unwrap();
    assert_eq!(tb.probe_wdl(&p), Ok(Wdl::Draw));
    // A table that is not there is named.
    std::fs::remove_file(flipped.join("KvM.default.wdl")).unwrap();
    let err = tb
        .probe_wdl(&pos("W:WKa1:Bd6", RuleSet::Default))
        .unwrap_err();
    assert!(
        matches!(&err, ProbeError::MissingTable { material, .. } if material == "KvM"),
        "{err}"
    );
    for dir in [truncated, flipped, version, other_rules, empty] {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random legal position of 2 or 3 pieces, at least one a side.
fn random_position(rng: &mut Rng, rules: RuleSet) -> Position {
    loop {
        let n = 2 + rng.below(2) as u32;
        let mut setup = Setup::empty();
        let mut ok = true;
        for i in 0..n {
            let sq = 1u64 << rng.below(64);
            if (setup.white | setup.black).to_u64() & sq != 0 {
                ok = false;
            }
            let white = if i == 0 {
                true
            } else if i == 1 {
                false
            } else {
                rng.below(2) == 0
            };
            if white {
                setup.white = Bitboard::from_u64(setup.white.to_u64() | sq);
            } else {
                setup.black = Bitboard::from_u64(setup.black.to_u64() | sq);
            }
            if rng.below(2) == 0 {
                setup.kings = Bitboard::from_u64(setup.kings.to_u64() | sq);
            }
        }
        setup.turn = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        if ok {
            if let Ok(p) = Position::from_setup(&setup, rules) {
                return p;
            }
        }
    }
}

/// The left-right mirror (file a swaps with file h), same side to move.
fn mirror_files(p: &Position) -> Position {
    let flip = |b: Bitboard| {
        let mut v = b.to_u64();
        let mut out = 0u64;
        while v != 0 {
            let s = v.trailing_zeros();
            v &= v - 1;
            out |= 1 << ((s / 8) * 8 + (7 - s % 8));
        }
        Bitboard::from_u64(out)
    };
    let s = p.setup();
    let setup = Setup {
        white: flip(s.white),
        black: flip(s.black),
        kings: flip(s.kings),
        turn: s.turn,
    };
    Position::from_setup(&setup, p.rules()).unwrap()
}

#[test]
fn mirror_and_colour_swap_give_equal_values() {
    for rules in [RuleSet::Default, RuleSet::Tudaf] {
        let tb = open(rules);
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ rules as u64);
        // (white kings, white men, black kings, black men) of the positions probed.
        let mut materials = std::collections::BTreeSet::new();
        for _ in 0..20_000 {
            let p = random_position(&mut rng, rules);
            let s = p.setup();
            let (w, b, k) = (s.white.to_u64(), s.black.to_u64(), s.kings.to_u64());
            materials.insert((
                (w & k).count_ones(),
                (w & !k).count_ones(),
                (b & k).count_ones(),
                (b & !k).count_ones(),
            ));
            let v = value(&tb, &p);
            assert_eq!(value(&tb, &mirror_files(&p)), v, "mirror of {p}");
            assert_eq!(value(&tb, &p.mirrored()), v, "colour swap of {p}");
            assert_eq!(value(&tb, &mirror_files(&p.mirrored())), v, "both of {p}");
        }
        // Every table built here was probed: the 4 materials of 2 pieces and the 12 of 3
        // (kings and men of each side, at least one piece a side).
        assert_eq!(
            materials.len(),
            4 + 12,
            "{rules}: materials probed {materials:?}"
        );
    }
}

#[test]
fn best_moves_keep_the_value() {
    for rules in [RuleSet::Default, RuleSet::Tudaf] {
        let tb = open(rules);
        let mut rng = Rng(77 + rules as u64);
        for _ in 0..3_000 {
            let p = random_position(&mut rng, rules);
            let (wdl, dtw) = value(&tb, &p);
            let best = tb.best_moves(&p).unwrap();
            if p.outcome().is_some() {
                assert!(best.is_empty());
                continue;
            }
            assert!(!best.is_empty(), "{p}");
            for m in best {
                let (cw, cd) = value(&tb, &p.after_unchecked(m));
                assert_eq!(cw, -wdl, "{p} {m}");
                assert_eq!(cd.map(|d| d + 1), dtw, "{p} {m}");
            }
        }
    }
}

/// Whether the side to move can force the end of the game in its favour within `n` plies
/// (`Some(true)`), or the other side can against any defence (`Some(false)` for "loses
/// within n"), found by a full-width search with memory; `None` if neither within `n`.
fn search(p: &Position, n: u32, memo: &mut HashMap<(Position, u32), Option<bool>>) -> Option<bool> {
    if let Some(outcome) = p.outcome() {
        return match outcome {
            Outcome::Win { winner, .. } => Some(winner == p.turn()),
            Outcome::Draw { .. } => None,
        };
    }
    if n == 0 {
        return None;
    }
    if let Some(&v) = memo.get(&(*p, n)) {
        return v;
    }
    let mut all_lose = true;
    let mut result = None;
    for m in p.legal_moves() {
        match search(&p.after_unchecked(m), n - 1, memo) {
            Some(false) => {
                result = Some(true);
                break;
            }
            Some(true) => {}
            None => all_lose = false,
        }
    }
    if result.is_none() && all_lose {
        result = Some(false);
    }
    memo.insert((*p, n), result);
    result
}

/// The exact distance found by [`search`]: the least `n` at which it decides.
fn searched_value(
    p: &Position,
    max: u32,
    memo: &mut HashMap<(Position, u32), Option<bool>>,
) -> Option<(Wdl, u32)> {
    (0..=max)
        .find_map(|n| search(p, n, memo).map(|won| (if won { Wdl::Win } else { Wdl::Loss }, n)))
}

#[test]
fn a_search_agrees_with_short_distances() {
    for rules in [RuleSet::Default, RuleSet::Tudaf] {
        let tb = open(rules);
        let mut rng = Rng(4242 + rules as u64);
        let mut memo = HashMap::new();
        let (mut checked, mut tries) = (0, 0);
        while checked < 20 && tries < 200_000 {
            tries += 1;
            let p = random_position(&mut rng, rules);
            let (wdl, dtw) = value(&tb, &p);
            let Some(d) = dtw.filter(|&d| d <= 12) else {
                continue;
            };
            assert_eq!(searched_value(&p, 12, &mut memo), Some((wdl, d)), "{p}");
            checked += 1;
        }
        assert_eq!(checked, 20);
        // And the search decides nothing within 6 plies where the tables say draw or longer.
        for _ in 0..20 {
            let p = random_position(&mut rng, rules);
            let (_, dtw) = value(&tb, &p);
            if dtw.is_none_or(|d| d > 6) {
                assert_eq!(searched_value(&p, 6, &mut memo), None, "{p}");
            }
        }
    }
}

/// The positions with White to move of 2 and 3 pieces that the files store, counted by the
/// independent reference generator: one of each pair of left-right mirrored positions (a
/// position that is its own mirror once), and of 3 pieces only those where White need not
/// capture.
fn stored_positions() -> u64 {
    use reference::Cell;
    let kinds = [
        Cell::WhiteMan,
        Cell::WhiteKing,
        Cell::BlackMan,
        Cell::BlackKing,
    ];
    let man_ok = |c: Cell, sq: usize| match c {
        Cell::WhiteMan | Cell::BlackMan => (8..56).contains(&sq),
        _ => true,
    };
    // Twice the count: a position and its mirror count one each, a symmetric one twice.
    let mut twice = 0u64;
    let mut count = |cells: &[(usize, Cell)]| {
        let white = cells
            .iter()
            .any(|(_, c)| matches!(c, Cell::WhiteMan | Cell::WhiteKing));
        let black = cells
            .iter()
            .any(|(_, c)| matches!(c, Cell::BlackMan | Cell::BlackKing));
        if !white || !black || !cells.iter().all(|&(sq, c)| man_ok(c, sq)) {
            return;
        }
        let mut p = reference::empty_position(true);
        let mut mirror = reference::empty_position(true);
        for &(sq, c) in cells {
            p.cells[sq] = c;
            mirror.cells[sq ^ 7] = c;
        }
        if cells.len() >= 3 && reference::can_capture(&p) {
            return;
        }
        twice += if p == mirror { 2 } else { 1 };
    };
    for a in 0..64 {
        for b in a + 1..64 {
            for &ka in &kinds {
                for &kb in &kinds {
                    count(&[(a, ka), (b, kb)]);
                    for c in b + 1..64 {
                        for &kc in &kinds {
                            count(&[(a, ka), (b, kb), (c, kc)]);
                        }
                    }
                }
            }
        }
    }
    twice / 2
}

#[test]
fn verify_passes() {
    let stored = stored_positions();
    for rules in [RuleSet::Default, RuleSet::Tudaf] {
        let report = open(rules).verify(2).expect("verify");
        assert_eq!(report.mismatch_count, 0, "{:?}", report.mismatches);
        assert_eq!(report.positions, stored);
    }
}
