//! PDN reading and writing: hand-written files (PlayOK-shaped export, comments and
//! variations, FEN starts, the federation's notation), broken files checked word by word with
//! recovery, round trips of random games, and a reader that never panics.

use std::fs;

use proptest::prelude::*;
use turkish_draughts::pdn::{self, Notation, PdnErrorKind, PdnGame, Reader, Tags, WriteOptions};
use turkish_draughts::{Color, Game, GameResult, Outcome, Position, RuleSet, WinReason};

/// The text of the file `tests/data/pdn/name`.
fn data(name: &str) -> String {
    let path = format!("{}/tests/data/pdn/{name}", env!("CARGO_MANIFEST_DIR"));
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every item the reader gives for `text`: a game or an error each.
fn read_all(text: &str) -> Vec<Result<PdnGame, pdn::PdnError>> {
    pdn::read_str(text).collect()
}

/// The games of `tests/data/pdn/name`, which must all read, after checking that the
/// streaming reader gives the same games.
fn ok_games(name: &str) -> Vec<PdnGame> {
    let text = data(name);
    let games: Vec<PdnGame> = read_all(&text)
        .into_iter()
        .map(|g| g.unwrap_or_else(|e| panic!("{name}: {e}")))
        .collect();
    // The streaming reader gives the same games.
    let streamed: Vec<PdnGame> = Reader::new(text.as_bytes()).map(Result::unwrap).collect();
    assert_eq!(streamed.len(), games.len());
    for (a, b) in games.iter().zip(&streamed) {
        assert_eq!(a.game(), b.game());
        assert_eq!(a.tags(), b.tags());
    }
    games
}

/// The game's moves in landing notation.
fn texts(game: &Game) -> Vec<String> {
    game.moves().iter().map(ToString::to_string).collect()
}

/// The moves of the file's first PlayOK game, written out again by hand.
const PLAYOK_1: &str = "c3-c4 f6-f5 c4-c5 c6xc4 d3-d4 c4xe4 e3xe5xg5 g6xg4 g3xg5 d6-d5 \
    f3-f4 e6-e5 f4-f5 e5-e4 f5-f6 f7xf5xh5 h3-h4 h5xh3xh1 g2-g3 h1-h2";

#[test]
fn playok_export() {
    let games = ok_games("playok.pdn");
    assert_eq!(games.len(), 3);
    let g = &games[0];
    assert_eq!(g.tags().len(), 12);
    assert_eq!(g.tags().site(), Some("PlayOK"));
    assert_eq!(g.tags().white(), Some("kule_ustasi"));
    assert_eq!(g.tags().black(), Some("dama_kedisi"));
    assert_eq!(g.tags().white_elo(), Some("1604"));
    assert_eq!(g.tags().black_elo(), Some("1688"));
    assert_eq!(g.tags().time_control(), Some("300+3"));
    assert_eq!(g.tags().get("Time"), Some("21:40:12"));
    assert_eq!(g.tags().game_type(), Some("30,W,8,8,A0,0"));
    assert_eq!(g.tags().date(), Some("2025.03.02"));
    assert_eq!(g.tags().round(), Some("-"));
    assert_eq!(g.tags().event(), Some("?"));
    assert_eq!(g.result(), GameResult::BlackWins);
    assert_eq!(texts(g.game()).join(" "), PLAYOK_1);
    // f7xf5xh5 takes two men; h5xh3xh1 takes two and crowns.
    assert_eq!(g.game().moves()[15].captured().count(), 2);
    assert!(g.game().moves()[17].is_crowning());
    assert_eq!(g.game().outcome(), None); // White resigned.
    assert_eq!(g.line(), 1);

    let g = &games[1];
    assert_eq!(g.game().ply(), 38);
    assert_eq!(g.game().moves()[17].captured().count(), 4); // g1xg3xe3xc3xc1
    // White has no piece left: the position decides the game, as the tag says.
    assert!(g.game().position().board().white().is_empty());
    assert_eq!(
        g.game().outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::NoLegalMove
        })
    );
    assert_eq!(g.result(), GameResult::BlackWins);
    assert_eq!(g.line(), 18);

    let g = &games[2];
    assert_eq!(g.game().ply(), 3);
    assert_eq!(g.result(), GameResult::WhiteWins);
    assert_eq!(g.tags().black(), Some("yeni_oyuncu"));
}

#[test]
fn comments_nags_and_variations() {
    let games = ok_games("annotated.pdn");
    assert_eq!(games.len(), 2);
    let g = &games[0];
    assert_eq!(g.tags().get("Annotator"), Some("hand \"written\""));
    assert_eq!(g.tags().len(), 8);
    assert_eq!(
        texts(g.game()).join(" "),
        "c3-c4 f6-f5 c4-c5 c6xc4 d3-d4 c4xe4 e3xe5xg5 g6xg4 g3xg5 d6-d5 f3-f4 e6-e5"
    );
    assert_eq!(g.result(), GameResult::WhiteWins);
    assert_eq!(g.line(), 2);
    let g = &games[1];
    assert_eq!(texts(g.game()).join(" "), "a3-a4 h6-h5 b3-b4 g6-g5");
    assert_eq!(g.result(), GameResult::Draw);
}

#[test]
fn games_from_a_fen() {
    let games = ok_games("fen.pdn");
    assert_eq!(games.len(), 2);
    let g = &games[0];
    assert_eq!(
        g.game().start().setup().to_string(),
        "W:WKb2:Bb4,d5,b6,f6,d7"
    );
    assert_eq!(g.game().ply(), 1);
    assert_eq!(g.game().moves()[0].captured().count(), 5);
    assert_eq!(g.game().result(), GameResult::WhiteWins);
    let g = &games[1];
    assert_eq!(g.game().start().turn(), Color::Black);
    assert_eq!(texts(g.game()).join(" "), "c5xc3xa3 e5-e6 h8-h6");
    assert_eq!(g.game().position().setup().to_string(), "W:Wd3,e6:Ba3,Kh6");
    assert_eq!(g.result(), GameResult::Ongoing);
}

#[test]
fn federation_notation() {
    let games = ok_games("federation.pdn");
    assert_eq!(games.len(), 2);
    assert_eq!(texts(games[0].game()).join(" "), PLAYOK_1);
    assert_eq!(games[0].result(), GameResult::BlackWins);
    let fen = ok_games("fen.pdn");
    assert_eq!(games[1].game().moves(), fen[0].game().moves());
    assert_eq!(games[1].game().moves()[0].to().to_string(), "a5");
}

/// Move text as people type it: upper-case squares and `:` for the capture mark read as
/// the lower-case text.
#[test]
fn upper_case_and_colons() {
    let typed = read_all("[GameType \"30\"]\n1. D3-D4 E6-E5 2. D4-D5 E5:C5 *\n");
    let plain = read_all("[GameType \"30\"]\n1. d3-d4 e6-e5 2. d4-d5 e5xc5 *\n");
    assert_eq!(typed.len(), 1);
    let typed = typed[0].as_ref().expect("the typed game reads");
    let plain = plain[0].as_ref().expect("the plain game reads");
    assert_eq!(typed.game().moves(), plain.game().moves());
    assert_eq!(texts(typed.game()).join(" "), "d3-d4 e6-e5 d4-d5 e5xc5");
}

/// Each broken file: the full error text, then the good games read after it.
#[test]
fn broken_files_report_and_recover() {
    let cases: &[(&str, &[&str], usize)] = &[
        (
            "broken_tag.pdn",
            &["line 2, column 8: bad tag pair: expected a quoted value"],
            1,
        ),
        (
            "broken_illegal.pdn",
            &["line 3, column 19: illegal move \"c4-c6\": the piece on c4 cannot move to c6"],
            1,
        ),
        (
            "broken_ambiguous.pdn",
            &[
                "line 4, column 4: ambiguous move \"e4xf4\": 2 legal captures from e4 take these \
               pieces in this order: add the landing square after the captured squares",
            ],
            1,
        ),
        (
            "broken_gametype.pdn",
            &[
                "line 2, column 12: GameType \"20,W,10,10,N2,0\" is not Turkish draughts (30, or \
               30,W,8,8,A0,0)",
            ],
            1,
        ),
        (
            "broken_fen.pdn",
            &[
                "line 2, column 7: bad FEN tag \"W:Wa1,b2:Bh7\": invalid position: a man stands on \
               a1, on its side's own back rank, which men never reach",
            ],
            1,
        ),
        (
            "broken_result.pdn",
            &[
                "line 5, column 22: the result 1-1 contradicts the final position (white wins: \
                 the opponent has no legal move)",
                "line 10, column 16: the game ends with 0-2 but its Result tag says 2-0",
            ],
            1,
        ),
        (
            "broken_repetition.pdn",
            &[
                "line 4, column 64: move \"a1-b1\" after the end of the game (draw: threefold \
               repetition)",
            ],
            1,
        ),
        (
            "broken_comment.pdn",
            &["line 3, column 10: the comment that starts here has no closing `}`"],
            1,
        ),
    ];
    for &(name, errors, good) in cases {
        let text = data(name);
        let all = read_all(&text);
        let got: Vec<String> = all
            .iter()
            .filter_map(|g| g.as_ref().err().map(ToString::to_string))
            .collect();
        assert_eq!(got, errors, "{name}");
        assert!(
            all[..errors.len()].iter().all(Result::is_err),
            "{name}: errors first"
        );
        assert_eq!(all.len(), errors.len() + good, "{name}");
        for g in &all[errors.len()..] {
            let g = g.as_ref().unwrap();
            assert!(g.tags().event().unwrap().starts_with("good"), "{name}");
        }
        // The streaming reader reports the same.
        let streamed: Vec<String> = Reader::new(text.as_bytes())
            .map(|g| g.map_or_else(|e| e.to_string(), |_| "ok".to_string()))
            .collect();
        let expected: Vec<String> = all
            .iter()
            .map(|g| {
                g.as_ref()
                    .map_or_else(|e| e.to_string(), |_| "ok".to_string())
            })
            .collect();
        assert_eq!(streamed, expected, "{name}");
    }
}

#[test]
fn error_kinds_are_typed() {
    let err = |text: &str| pdn::read_str(text).next().unwrap().unwrap_err();
    assert!(matches!(
        err("1. c3-c4").kind,
        PdnErrorKind::MissingTermination { .. }
    ));
    assert_eq!(
        err("1. c3-c4").to_string(),
        "line 1, column 9: the game has no termination (a result such as 2-0, 1-0 or *) before \
         the end of input"
            .replace("end of input", "end of the input")
    );
    assert!(matches!(
        err("1. c3-c4 (f6-f5 *").kind,
        PdnErrorKind::UnterminatedVariation
    ));
    assert_eq!(
        err("1. c3-c4 ) *").to_string(),
        "line 1, column 10: `)` closes no variation"
    );
    assert!(matches!(
        err("[Event \"x]\n*").kind,
        PdnErrorKind::UnterminatedTag
    ));
    assert!(matches!(
        err("1. c3-c9 *").kind,
        PdnErrorKind::BadMove { .. }
    ));
    assert!(matches!(
        err("[Result \"2:0\"]\n*").kind,
        PdnErrorKind::BadResultTag { .. }
    ));
    assert!(matches!(
        err("[GameType \"30,B,8,8,A0,0\"]\n*").kind,
        PdnErrorKind::UnknownGameType { .. }
    ));
    assert!(matches!(
        err("1. c3-c4 ] *").kind,
        PdnErrorKind::UnexpectedChar { c: ']' }
    ));
    // A game without tags, several on one line, and no GameType at all.
    let games = read_all("1. c3-c4 * 1. d3-d4 f6-f5 1-1 [Event \"x\"] 1. a3-a4 *");
    assert_eq!(games.len(), 3);
    assert!(games.iter().all(Result::is_ok));
    assert_eq!(games[2].as_ref().unwrap().tags().event(), Some("x"));
    assert!(matches!(
        err("1. c3-c4 [Event \"x\"] *").kind,
        PdnErrorKind::TagAfterMoves
    ));
}

#[test]
fn byte_order_mark_and_crlf() {
    let text = data("playok.pdn");
    let windows = format!("\u{feff}{}", text.replace('\n', "\r\n"));
    let plain = ok_games("playok.pdn");
    let a: Vec<PdnGame> = read_all(&windows).into_iter().map(Result::unwrap).collect();
    let b: Vec<PdnGame> = Reader::new(windows.as_bytes())
        .map(Result::unwrap)
        .collect();
    assert_eq!(a.len(), 3);
    assert_eq!(b.len(), 3);
    for ((x, y), z) in a.iter().zip(&b).zip(&plain) {
        assert_eq!(x.game(), z.game());
        assert_eq!(y.game(), z.game());
        assert_eq!(x.tags(), z.tags());
        assert_eq!(y.tags(), z.tags());
        assert_eq!(x.line(), z.line());
    }
    // Columns count characters: an error after a two-byte character is one column on.
    let e = read_all("[Event \"é\"]\n1. c3-c5 *").remove(0).unwrap_err();
    assert_eq!((e.line, e.column), (2, 4));
    let e = read_all("{é} c3-c5 *").remove(0).unwrap_err();
    assert_eq!((e.line, e.column), (1, 5));
}

/// Variations are counted, not recursed: deep nesting is read in constant stack.
#[test]
fn deeply_nested_variations() {
    let depth = 200_000;
    let text = format!(
        "1. c3-c4 {}f6-f5{} f6-f5 *",
        "(".repeat(depth),
        ")".repeat(depth)
    );
    let games = read_all(&text);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].as_ref().unwrap().game().ply(), 2);
    let open = format!("1. c3-c4 {}f6-f5 *", "(".repeat(depth));
    assert_eq!(
        read_all(&open)[0].as_ref().unwrap_err().to_string(),
        "line 1, column 10: the variation that starts here has no closing `)`"
    );
}

fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// A random game: from the start or from a position a few random plies in (written as a
/// FEN start), then random moves until the end or `plies`.
fn random_game(seed: u64, rules: RuleSet, plies: usize) -> Game {
    let mut rng = seed | 1;
    let mut game = Game::new(rules);
    if xorshift(&mut rng) % 3 == 0 {
        let mut pos = Position::new(rules);
        for _ in 0..(xorshift(&mut rng) % 20) {
            let moves = pos.legal_moves();
            if pos.outcome().is_some() {
                break;
            }
            pos.play(moves[(xorshift(&mut rng) % moves.len() as u64) as usize]);
        }
        game = Game::from_position(pos);
    }
    while game.ply() < plies && game.outcome().is_none() {
        let moves = game.position().legal_moves();
        let m = moves[(xorshift(&mut rng) % moves.len() as u64) as usize];
        game.try_play(m).unwrap();
    }
    game
}

fn random_tags(seed: u64) -> Tags {
    let mut rng = seed | 1;
    let mut tags = Tags::new();
    let names = [
        "Event",
        "White",
        "Black",
        "Annotator",
        "WhiteElo",
        "Opening",
        "Round",
    ];
    for name in names {
        if xorshift(&mut rng) % 2 == 0 {
            let n = xorshift(&mut rng) % 1000;
            tags.set(name, format!("{name} \"{n}\" \\ x"));
        }
    }
    tags
}

fn check_round_trip(game: &Game, tags: &Tags, notation: Notation) {
    let text = pdn::write_game(game, tags, &WriteOptions::new(notation));
    let back: Vec<_> = pdn::read_str_with(&text, pdn::ReadOptions::new(game.rules())).collect();
    assert_eq!(back.len(), 1, "{text}");
    let back = back[0].as_ref().unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.game().start(), game.start());
    assert_eq!(back.game().moves(), game.moves(), "{text}");
    assert_eq!(back.game().position(), game.position());
    for (name, value) in tags.iter() {
        if name != "Result" {
            assert_eq!(back.tags().get(name), Some(value));
        }
    }
    let result = game.outcome().map_or(GameResult::Ongoing, GameResult::from);
    assert_eq!(back.result(), result);
    assert_eq!(back.tags().result(), Some(result.to_string().as_str()));
    assert!(
        text.lines().all(|l| l.len() <= 80 || l.starts_with('[')),
        "{text}"
    );
    // Writing again gives the same text.
    assert_eq!(
        pdn::write_game(back.game(), back.tags(), &WriteOptions::new(notation)),
        text
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn written_games_read_back(seed: u64, tudaf: bool, captured: bool, plies in 0usize..200) {
        let rules = if tudaf { RuleSet::Tudaf } else { RuleSet::Default };
        let game = random_game(seed, rules, plies);
        let notation = if captured { Notation::Captured } else { Notation::Landing };
        check_round_trip(&game, &random_tags(seed ^ 0x5555), notation);
    }

    #[test]
    fn never_panics_on_any_text(text in "\\PC{0,400}") {
        for g in pdn::read_str(&text) {
            let _ = g.map(|g| g.game().ply());
        }
    }

    #[test]
    fn never_panics_on_pdn_like_text(text in "([\\[\\]{}()\";%$!?*. \n\t0-9a-hx/-]|GameType|FEN|Result|1-0|2-0|c3-c4|f6-f5|W:W|\\[Event \"x\"\\]){0,120}") {
        for g in pdn::read_str(&text) {
            let _ = g.map(|g| g.game().ply());
        }
        for g in Reader::new(text.as_bytes()) {
            let _ = g.map(|g| g.game().ply());
        }
    }

    #[test]
    fn never_panics_on_mutated_files(file in 0usize..4, edits in proptest::collection::vec((any::<u16>(), any::<u8>(), 0u8..3), 1..12)) {
        let name = ["playok.pdn", "annotated.pdn", "fen.pdn", "federation.pdn"][file];
        let mut bytes = data(name).into_bytes();
        for (at, byte, op) in edits {
            let at = usize::from(at) % (bytes.len() + 1);
            match op {
                0 => bytes.insert(at, byte),
                1 if at < bytes.len() => { bytes.remove(at); }
                _ if at < bytes.len() => bytes[at] = byte,
                _ => {}
            }
        }
        for g in Reader::new(&bytes[..]) {
            let _ = g.map(|g| g.game().ply());
        }
        let text = String::from_utf8_lossy(&bytes);
        for g in pdn::read_str(&text) {
            let _ = g.map(|g| g.game().ply());
        }
    }
}

/// The reader accepts every game the writer writes: 1 000 random games under each rule set,
/// written into one text and read back in order.
#[test]
fn thousand_random_games_per_rule_set() {
    for rules in RuleSet::ALL {
        for notation in [Notation::Landing, Notation::Captured] {
            let games: Vec<Game> = (0..1000u64)
                .map(|i| random_game(i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 7, rules, 150))
                .collect();
            let mut text = String::new();
            for g in &games {
                text.push_str(&pdn::write_game(
                    g,
                    &Tags::new(),
                    &WriteOptions::new(notation),
                ));
                text.push('\n');
            }
            let back: Vec<_> = pdn::read_str_with(&text, pdn::ReadOptions::new(rules)).collect();
            assert_eq!(back.len(), games.len());
            for (g, b) in games.iter().zip(&back) {
                let b = b
                    .as_ref()
                    .unwrap_or_else(|e| panic!("{rules} {notation:?}: {e}"));
                assert_eq!(b.game().start(), g.start());
                assert_eq!(b.game().moves(), g.moves());
            }
        }
    }
}

/// Every annotation of annotated.pdn's first game, found by reading the file by hand.
#[test]
fn annotations_stay_with_their_plies() {
    use pdn::{Node, Notes};
    let games = ok_games("annotated.pdn");
    let g = &games[0];
    let plies: Vec<usize> = g.notes().map(|(ply, _)| ply).collect();
    // Before the first move; after c3-c4 (1), f6-f5 (2), c6xc4 (4), e3xe5xg5 (7), f3-f4 (11).
    assert_eq!(plies, [0, 1, 2, 4, 7, 11]);
    assert_eq!(
        g.notes_at(0).unwrap().comments,
        ["A game with comments, NAGs and variations."]
    );
    assert_eq!(g.notes_at(1).unwrap().nags, ["!"]);
    let after_f5 = g.notes_at(2).unwrap();
    assert_eq!(after_f5.nags, ["$2"]);
    assert_eq!(after_f5.comments, ["Black gives a man."]);
    let after_c4: &Notes = g.notes_at(4).unwrap();
    assert!(after_c4.nags.is_empty() && after_c4.comments.is_empty());
    assert_eq!(after_c4.variations.len(), 1);
    let v = &after_c4.variations[0].nodes;
    assert_eq!(v.len(), 4);
    assert_eq!(v[0], Node::Move("b6-b5".into()));
    assert_eq!(v[1], Node::Nag("?!".into()));
    let Node::Variation(inner) = &v[2] else {
        panic!("{v:?}")
    };
    assert_eq!(
        inner.nodes,
        [
            Node::Move("d6-d5".into()),
            Node::Move("c5-c6".into()),
            Node::Comment("nested twice".into())
        ]
    );
    assert_eq!(v[3], Node::Move("b3-b4".into()));
    assert_eq!(g.notes_at(7).unwrap().nags, ["!!"]);
    assert_eq!(g.notes_at(11).unwrap().comments, ["Ready for f5."]);
    // The second game: a comment after h6-h5, a variation with a variation inside after
    // b3-b4.
    let g = &games[1];
    assert_eq!(g.notes().map(|(p, _)| p).collect::<Vec<_>>(), [2, 3]);
    let v = &g.notes_at(3).unwrap().variations[0].nodes;
    assert_eq!(v[0], Node::Move("c3-c4".into()));
    assert!(matches!(&v[1], Node::Variation(inner) if inner.nodes == [Node::Move("d3-d4".into())]));
    // A game without annotations keeps none.
    let plain = pdn::read_str("1. c3-c4 *").next().unwrap().unwrap();
    assert_eq!(plain.notes().count(), 0);
}

/// `PdnGame::to_pdn` writes every game of the good files so that it reads back the same
/// (tags, game, result, annotations), and writing that again gives the same text.
#[test]
fn annotated_files_read_and_write_back_the_same() {
    for name in ["annotated.pdn", "playok.pdn", "fen.pdn", "federation.pdn"] {
        for game in ok_games(name) {
            let text = game.to_pdn();
            let mut read = pdn::read_str(&text);
            let back = read
                .next()
                .unwrap()
                .unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
            assert!(read.next().is_none(), "{name}: {text}");
            assert_eq!(back.tags(), game.tags(), "{name}");
            assert_eq!(back.game(), game.game(), "{name}");
            assert_eq!(back.result(), game.result(), "{name}");
            assert!(back.notes().eq(game.notes()), "{name}: {text}");
            assert_eq!(back.to_pdn(), text, "{name}");
        }
    }
    // The first game's movetext, written out by hand from the file.
    let first = &ok_games("annotated.pdn")[0];
    let text = first.to_pdn();
    let movetext = text.split("\n\n").nth(1).unwrap().replace('\n', " ");
    assert_eq!(
        movetext.trim_end(),
        "{A game with comments, NAGs and variations.} 1. c3-c4 ! f6-f5 $2 {Black gives a man.} \
         2. c4-c5 c6xc4 ( b6-b5 ?! ( d6-d5 c5-c6 {nested twice} ) b3-b4 ) 3. d3-d4 c4xe4 \
         4. e3xe5xg5 !! g6xg4 5. g3xg5 d6-d5 6. f3-f4 {Ready for f5.} e6-e5 2-0"
    );
}

/// A game read under a rule set the caller chose, whose tags say nothing of it, is written
/// with the `Rules` tag of that rule set, so that it reads back under it.
#[test]
fn to_pdn_says_the_rule_set() {
    let options = pdn::ReadOptions::new(RuleSet::Tudaf);
    let game = pdn::read_str_with("1. c3-c4 *", options)
        .next()
        .unwrap()
        .unwrap();
    let text = game.to_pdn();
    assert_eq!(text, "[Rules \"tudaf\"]\n\n1. c3-c4 *\n");
    let back = pdn::read_str(&text).next().unwrap().unwrap();
    assert_eq!(back.game().rules(), RuleSet::Tudaf);
}

#[test]
fn the_no_progress_limit_is_a_tag() {
    let fen = "W:WKa1,a2:BKh8,h7";
    let mut game = Game::from_fen(fen, RuleSet::Default)
        .unwrap()
        .with_no_progress_limit(Some(60));
    game.try_play_text("a1-b1").unwrap();
    let text = game.to_pdn();
    assert!(text.contains("[NoProgressLimit \"60\"]\n"), "{text}");
    let back = pdn::read_str(&text).next().unwrap().unwrap();
    assert_eq!(back.game().no_progress_limit(), Some(60));
    assert_eq!(back.game(), &game, "{text}");
    assert_eq!(format!("{:?}", back.game()), format!("{game:?}"));
    // Written again with its tags and notes, it reads back the same.
    assert!(back.to_pdn().contains("[NoProgressLimit \"60\"]\n"));
    assert_eq!(pdn::read_str(&back.to_pdn()).next().unwrap().unwrap(), back);
    // Written only when a limit is set, whatever the caller's tags say: the game says it.
    let tags: Tags = [("NoProgressLimit", "12")].into_iter().collect();
    let plain = Game::new(RuleSet::Default);
    let written = pdn::write_game(&plain, &tags, &WriteOptions::default());
    assert!(!written.contains("NoProgressLimit"), "{written}");
    let written = pdn::write_game(&game, &tags, &WriteOptions::default());
    assert_eq!(written.matches("NoProgressLimit").count(), 1, "{written}");
    assert!(written.contains("[NoProgressLimit \"60\"]\n"), "{written}");
    // A PdnGame whose game has no limit does not keep a tag that would give it one.
    let read = pdn::read_str("[NoProgressLimit \"5\"]\n1. c3-c4 *")
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(read.game().no_progress_limit(), Some(5));
    assert!(read.to_pdn().contains("[NoProgressLimit \"5\"]\n"));
}

#[test]
fn the_reader_plays_under_the_no_progress_limit() {
    let head = "[FEN \"W:WKa1,a2:BKh8,h7\"]\n[NoProgressLimit \" 2 \"]\n";
    // Two king moves reach the limit: a draw, the only result the reader accepts.
    let drawn = pdn::read_str(&format!("{head}1. a1-b1 h8-g8 1-1"))
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(drawn.game().no_progress_limit(), Some(2));
    assert_eq!(
        drawn.game().outcome(),
        Some(Outcome::Draw {
            reason: turkish_draughts::DrawReason::NoProgress
        })
    );
    let err = |text: String| pdn::read_str(&text).next().unwrap().unwrap_err();
    assert!(matches!(
        err(format!("{head}1. a1-b1 h8-g8 *")).kind,
        PdnErrorKind::ResultContradicted { .. }
    ));
    let after = err(format!("{head}1. a1-b1 h8-g8 2. b1-c1 1-1"));
    assert!(
        matches!(after.kind, PdnErrorKind::GameOver { .. }),
        "{after}"
    );
    // Without the tag the same moves go on.
    let free = "[FEN \"W:WKa1,a2:BKh8,h7\"]\n1. a1-b1 h8-g8 2. b1-c1 *";
    assert!(pdn::read_str(free).next().unwrap().is_ok());
}

#[test]
fn a_malformed_no_progress_limit_is_an_error_at_its_value() {
    for value in ["sixty", "-1", "", "+60", "1.5", "4294967296", "6 0"] {
        let text =
            format!("[Event \"x\"]\n[NoProgressLimit \"{value}\"]\n1. c3-c4 *\n[Event \"y\"]\n*");
        let items = read_all(&text);
        assert_eq!(items.len(), 2, "{value:?}");
        let e = items[0].as_ref().unwrap_err();
        assert_eq!((e.line, e.column), (2, 19), "{value:?}");
        assert_eq!(
            e.kind,
            PdnErrorKind::BadNoProgressLimit {
                value: value.to_string()
            }
        );
        assert_eq!(
            e.to_string(),
            format!(
                "line 2, column 19: NoProgressLimit \"{value}\" is not a number of plies \
                 (0 to 4294967295)"
            )
        );
        // The next game is read.
        assert!(items[1].is_ok());
    }
    assert_eq!(
        pdn::read_str("[NoProgressLimit \"4294967295\"]\n*")
            .next()
            .unwrap()
            .unwrap()
            .game()
            .no_progress_limit(),
        Some(u32::MAX)
    );
}

#[test]
fn pdn_types_give_their_place_by_methods() {
    let items = read_all("[Event \"a\"]\n1. c3-c4 *\n\n[Rules \"chess\"]\n*\n");
    let game = items[0].as_ref().unwrap();
    let err = items[1].as_ref().unwrap_err();
    assert_eq!(game.line(), 1);
    assert_eq!((err.line(), err.column()), (4, 9));
    assert_eq!(err.location(), pdn::Location::new(4, 9));
    assert_eq!(err.location().line(), err.line());
    assert_eq!(err.location().column(), err.column());
    assert_eq!(
        err.kind(),
        &PdnErrorKind::UnknownRules {
            value: "chess".to_string()
        }
    );
    // The fields say the same.
    assert_eq!(
        (err.line, err.column, &err.kind),
        (err.line(), err.column(), err.kind())
    );
    let text = "\n[Rules \"tudaf\"]\n*";
    let read = pdn::read_str_with(text, pdn::ReadOptions::new(RuleSet::Default))
        .next()
        .unwrap()
        .unwrap();
    let conflict = read.rules_conflict().unwrap();
    assert_eq!((conflict.line(), conflict.column()), (2, 9));
    assert_eq!(
        (conflict.tag(), conflict.chosen()),
        ("tudaf", RuleSet::Default)
    );
    assert_eq!(read.line(), 2);
}

/// A king takes 12 men: too long a path for the move to hold. The game writes it with the
/// path its position gives, and reads back as the same game, which writes the same text.
#[test]
fn a_capture_whose_move_holds_no_path_is_written_in_full() {
    let fen = "W:WKa1:Ba3,a6,c7,f7,h6,h3,f2,c2,c4,f4,f5,c5";
    let mut game = Game::from_fen(fen, RuleSet::Default).unwrap();
    let m = game.position().legal_moves()[0];
    assert!(!m.has_path());
    game.play(m);
    let text = game.to_pdn();
    assert!(
        text.contains("1. a1xa4xd4xh4xh7xe7xa7xa5xd5xh5xh2xe2xa2 "),
        "{text}"
    );
    let back = pdn::read_str(&text).next().unwrap().unwrap();
    assert_eq!(back.game(), &game);
    assert_eq!(back.game().to_pdn(), text);
}
