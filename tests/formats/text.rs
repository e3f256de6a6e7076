//! Text formats: FEN and move text round trips, parsers that never panic on any input, and
//! the exact error (variant and byte offset) for specific bad FENs and move texts.

use crate::reference;

use std::collections::BTreeSet;

use proptest::prelude::*;
use turkish_draughts::{
    Bitboard, Color, FenError, JumpError, Move, ParseMoveError, Position, Rank, RuleSet, Setup,
    SetupError, Square,
};

/// A proptest configuration with `cases` cases and no failure file.
fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// The square named `name` (the name must be one).
fn s(name: &str) -> Square {
    name.parse()
        .unwrap_or_else(|_| panic!("bad square {name:?}"))
}

/// A position from FEN, checked as `Position::from_setup_relaxed` checks.
fn pos(fen: &str, rules: RuleSet) -> Position {
    let setup: Setup = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    Position::from_setup_relaxed(&setup, rules).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Positions the move parser is exercised on: quiet ones and capture ones (king loops,
/// crowning mid-capture, several paths to one result, an ambiguous short form).
const PARSE_FENS: &[&str] = &[
    "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7",
    "W:WKb2:Bb4,d5,b6,f6,d7",
    "W:WKe4:Bf4,c4",
    "W:WKh1:Bh3,h6",
    "B:Wd2,Ke1:Bd3",
    "W:Wc4,d4:Bc5,Kd6,e4,b4",
    "W:WKc3,c4:Bg8",
    "B:Wb3,c4,d3,e5:Bc5,Kh8",
    "W:WKa1:Ba2,f3,c4,e7",
    "W:Wg6:Bg7,Kf8,Kc8",
    "B:Wa2,b2,c2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,Kb4,Kf5:Ba6,c6,g6,h6,a7,c7,e7,h7",
    "W:WKa1,Kh8:Bb2,d2,f2,b4,d4,f4,b6,d6,f6,h5,c7,e7,g7",
];

/// [`PARSE_FENS`] under both rule sets.
fn parse_positions() -> Vec<Position> {
    PARSE_FENS
        .iter()
        .flat_map(|fen| RuleSet::ALL.map(|rules| pos(fen, rules)))
        .collect()
}

// ------------------------------------------------------------------------------------------
// FEN round trips
// ------------------------------------------------------------------------------------------

/// A random valid setup: disjoint sides of at most 16 pieces, kings among the pieces, no man on
/// a back rank.
fn valid_setup() -> impl Strategy<Value = Setup> {
    (
        any::<u64>(),
        any::<u64>(),
        any::<u64>(),
        any::<u64>(),
        any::<bool>(),
    )
        .prop_map(|(a, b, density, k, white)| {
            // Thin the random bits out: each set keeps about a quarter or an eighth of them.
            let (a, b) = (a & density, b & density.rotate_left(17) & !(a & density));
            let keep16 = |mut bits: u64| {
                while bits.count_ones() > 16 {
                    bits &= bits - 1; // drop the lowest square
                }
                bits
            };
            let (w, bl) = (keep16(a), keep16(b));
            let back = Bitboard::rank(Rank::First).to_u64() | Bitboard::rank(Rank::Eighth).to_u64();
            let kings = (k & (w | bl)) | ((w | bl) & back);
            let mut setup = Setup::empty();
            setup.white = Bitboard::from_u64(w);
            setup.black = Bitboard::from_u64(bl);
            setup.kings = Bitboard::from_u64(kings);
            setup.turn = if white { Color::White } else { Color::Black };
            setup
        })
}

/// The FEN of `setup` written in another legal way: lists in either order, squares in a
/// shuffled order, whitespace around the whole text.
fn scrambled_fen(setup: &Setup, seed: u64, black_first: bool, pad: (usize, usize)) -> String {
    let list = |color: Color, bits: Bitboard| {
        let mut entries: Vec<String> = bits
            .into_iter()
            .map(|sq| format!("{}{sq}", if setup.kings.contains(sq) { "K" } else { "" }))
            .collect();
        // A small deterministic shuffle.
        let mut x = seed | 1;
        for i in (1..entries.len()).rev() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            entries.swap(i, (x % (i as u64 + 1)) as usize);
        }
        format!("{}{}", color.fen_char(), entries.join(","))
    };
    let (w, b) = (
        list(Color::White, setup.white),
        list(Color::Black, setup.black),
    );
    let (first, second) = if black_first { (b, w) } else { (w, b) };
    format!(
        "{}{}:{first}:{second}{}",
        " ".repeat(pad.0),
        setup.turn.fen_char(),
        "\t".repeat(pad.1)
    )
}

proptest! {
    #![proptest_config(config(1500))]

    #[test]
    fn fen_round_trips(setup in valid_setup(), seed in any::<u64>(), black_first in any::<bool>(), pad in (0..3usize, 0..3usize)) {
        for rules in RuleSet::ALL {
            let p = Position::from_setup(&setup, rules).expect("a valid setup");
            let text = p.setup().to_string();
            prop_assert_eq!(text.parse::<Setup>(), Ok(setup));
            prop_assert_eq!(Position::from_fen(&text, rules), Ok(p), "{}", text);
            // The output is canonical: printing the parsed text gives the same text.
            prop_assert_eq!(Position::from_fen(&text, rules).unwrap().setup().to_string(), text.clone());
            // Any order of lists and squares, with whitespace around, reads the same.
            let other = scrambled_fen(&setup, seed, black_first, pad);
            prop_assert_eq!(Position::from_fen(&other, rules), Ok(p), "{}", other);
            // The reference reads our text as the same position.
            let r = reference::parse_fen(&text);
            prop_assert!(r.is_some(), "the reference cannot read {}", text);
            prop_assert_eq!(reference::to_fen(&r.unwrap()), text);
        }
    }

    /// `Setup`'s text round trip holds for every setup whose king marks stand on pieces, even
    /// one that is not a valid position (overlapping sides, men on back ranks, 64 pieces).
    #[test]
    fn setup_round_trips(w in any::<u64>(), b in any::<u64>(), k in any::<u64>(), white in any::<bool>()) {
        let mut setup = Setup::empty();
        setup.white = Bitboard::from_u64(w);
        setup.black = Bitboard::from_u64(b);
        setup.kings = Bitboard::from_u64(k & (w | b));
        setup.turn = if white { Color::White } else { Color::Black };
        let text = setup.to_string();
        prop_assert_eq!(text.parse::<Setup>(), Ok(setup), "{}", text);
    }
}

#[test]
fn fen_examples() {
    let p = Position::from_fen("W:Wa2,b2,Kd4:Ba7,Kh8", RuleSet::Default).unwrap();
    assert_eq!(p.setup().to_string(), "W:Wa2,b2,Kd4:Ba7,Kh8");
    let p = Position::from_fen("B:BKh8,a7:WKd4,b2,a2", RuleSet::Tudaf).unwrap();
    assert_eq!(p.setup().to_string(), "B:Wa2,b2,Kd4:Ba7,Kh8");
    assert_eq!(
        Position::from_fen("W:W:Ba7", RuleSet::Default)
            .unwrap()
            .setup()
            .to_string(),
        "W:W:Ba7"
    );
    assert_eq!(
        Position::from_fen("W:B:W", RuleSet::Default)
            .unwrap()
            .setup()
            .to_string(),
        "W:W:B"
    );
    assert_eq!(
        Position::from_fen(&Setup::start().to_string(), RuleSet::Default),
        Ok(Position::start())
    );
    assert_eq!(
        Position::from_fen("  W:Wa2:Ba7\n", RuleSet::Default)
            .unwrap()
            .setup()
            .to_string(),
        "W:Wa2:Ba7"
    );
    // A man on its own back rank: only the relaxed constructor accepts it, and it prints back.
    let setup: Setup = "W:WKc3,c4:Bg8".parse().unwrap();
    let relaxed = Position::from_setup_relaxed(&setup, RuleSet::Default).unwrap();
    assert_eq!(relaxed.setup().to_string(), "W:WKc3,c4:Bg8");
    assert_eq!(relaxed.setup().to_string().parse::<Setup>(), Ok(setup));
}

// ------------------------------------------------------------------------------------------
// FEN errors
// ------------------------------------------------------------------------------------------

#[test]
fn fen_error_variants_and_offsets() {
    use FenError::*;
    let a2 = s("a2");
    let cases: &[(&str, FenError)] = &[
        ("", Empty),
        ("   \t\n", Empty),
        ("X:W:B", BadTurn { at: 0 }),
        ("w:W:B", BadTurn { at: 0 }),
        ("  X:W:B", BadTurn { at: 2 }),
        (":W:B", BadTurn { at: 0 }),
        (
            "W",
            MissingList {
                at: 1,
                color: Color::White,
            },
        ),
        (
            "W:Wa2",
            MissingList {
                at: 5,
                color: Color::Black,
            },
        ),
        (
            "B:Ba7",
            MissingList {
                at: 5,
                color: Color::White,
            },
        ),
        (
            "  W:Wa2  ",
            MissingList {
                at: 7,
                color: Color::Black,
            },
        ),
        ("W;W:B", ExpectedColon { at: 1 }),
        ("WW:B", ExpectedColon { at: 1 }),
        ("W:", BadListColor { at: 2 }),
        ("W:X:B", BadListColor { at: 2 }),
        ("W:Wa2:", BadListColor { at: 6 }),
        ("W:Wa2:a7", BadListColor { at: 6 }),
        (
            "W:Wa2:Wb2",
            DuplicateList {
                at: 6,
                color: Color::White,
            },
        ),
        (
            "W:B:Ba7",
            DuplicateList {
                at: 4,
                color: Color::Black,
            },
        ),
        ("W:Wz9:B", BadSquare { at: 3 }),
        ("W:Wa2,z9:B", BadSquare { at: 6 }),
        ("W:Wa2,:B", BadSquare { at: 6 }),
        ("W:W,a2:B", BadSquare { at: 3 }),
        ("W:WKK2:B", BadSquare { at: 3 }),
        ("W:WK:B", BadSquare { at: 3 }),
        ("W:Wa2,kb2:B", BadSquare { at: 6 }),
        ("W:WA2:B", BadSquare { at: 3 }),
        ("W:Wa2 ,b2:B", BadSquare { at: 3 }),
        ("W:Wa10:B", BadSquare { at: 3 }),
        ("W:Wa2:Ba7,a9", BadSquare { at: 10 }),
        (" W:Wa2,z9:B", BadSquare { at: 7 }),
        ("W:Wa2,Ka2:B", DuplicateSquare { at: 6, square: a2 }),
        ("W:Wb3,a2,c3,a2:B", DuplicateSquare { at: 12, square: a2 }),
        ("W:Wa2:Ba7:", TrailingText { at: 9 }),
        ("W:Wa2:Ba7:Wb2", TrailingText { at: 9 }),
    ];
    for (text, want) in cases {
        assert_eq!(text.parse::<Setup>(), Err(*want), "{text:?}");
        for rules in RuleSet::ALL {
            assert_eq!(Position::from_fen(text, rules), Err(*want), "{text:?}");
        }
    }
    // Well-formed text, invalid position: the setup parses, the position is refused.
    let invalid: &[(&str, SetupError)] = &[
        ("W:Wa2:Ba2", SetupError::SquareClaimedTwice { square: a2 }),
        (
            "W:Wa8:B",
            SetupError::ManOnPromotionRank { square: s("a8") },
        ),
        ("W:Wa1:B", SetupError::ManOnBackRank { square: s("a1") }),
        (
            "W:W:Bh1",
            SetupError::ManOnPromotionRank { square: s("h1") },
        ),
        (
            "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3,a4:B",
            SetupError::TooManyPieces {
                color: Color::White,
                count: 17,
                limit: 16,
            },
        ),
    ];
    for (text, want) in invalid {
        assert!(text.parse::<Setup>().is_ok(), "{text:?}");
        assert_eq!(
            Position::from_fen(text, RuleSet::Default),
            Err(FenError::Invalid(*want)),
            "{text:?}"
        );
    }
    // The relaxed constructor accepts a man on its own back rank, never on its promotion rank.
    let own_back: Setup = "W:Wa1:Bh8".parse().unwrap();
    assert!(Position::from_setup_relaxed(&own_back, RuleSet::Default).is_ok());
    let far: Setup = "W:Wa8:B".parse().unwrap();
    assert_eq!(
        Position::from_setup_relaxed(&far, RuleSet::Default),
        Err(SetupError::ManOnPromotionRank { square: s("a8") })
    );
    // The error texts are not empty and name the offset.
    assert!(FenError::BadSquare { at: 6 }.to_string().contains('6'));
}

// ------------------------------------------------------------------------------------------
// Move text round trips
// ------------------------------------------------------------------------------------------

/// Every legal move of `p` survives printing and parsing; the short form names it when it is
/// the only legal move from its origin to its destination, and is reported ambiguous otherwise;
/// every proper prefix of a capture path is refused.
fn check_move_texts(p: &Position) -> Result<(), String> {
    let moves = p.legal_moves();
    let ctx = |m: &Move| format!("{} ({} rules), {m:?}", p.setup(), p.rules());
    for m in &moves {
        let text = m.to_string();
        match p.parse_move(&text) {
            Ok(q) if q == *m && q.path() == m.path() && q.to_string() == text => {}
            other => return Err(format!("{}: {text:?} parses as {other:?}", ctx(m))),
        }
        let same_ends = moves
            .iter()
            .filter(|n| n.from() == m.from() && n.to() == m.to())
            .count();
        if m.is_capture() {
            let short = format!("{}x{}", m.from(), m.to());
            let got = p.parse_move(&short);
            let ok = if same_ends == 1 {
                got == Ok(*m)
            } else {
                got == Err(ParseMoveError::Ambiguous {
                    from: m.from(),
                    to: m.to(),
                    count: same_ends,
                })
            };
            if !ok {
                return Err(format!(
                    "{}: short form {short:?} gives {got:?} ({same_ends} moves)",
                    ctx(m)
                ));
            }
            let path = p.path_of(m).unwrap();
            for len in 1..path.len() {
                let prefix: Vec<String> = std::iter::once(m.from())
                    .chain(path[..len].iter().copied())
                    .map(|sq| sq.to_string())
                    .collect();
                let prefix = prefix.join("x");
                match p.parse_move(&prefix) {
                    // A prefix may end where another legal move of the same origin ends.
                    Ok(q) if moves.contains(&q) && q.from() == m.from() && len == 1 => {}
                    Err(ParseMoveError::NotMaximal { captured, required })
                        if captured as usize == len && required == m.captured().count() => {}
                    other => return Err(format!("{}: prefix {prefix:?} gives {other:?}", ctx(m))),
                }
            }
            let quiet = format!("{}-{}", m.from(), m.to());
            let want = Err(ParseMoveError::CaptureRequired {
                required: m.captured().count(),
            });
            if m.from() != m.to() && p.parse_move(&quiet) != want {
                return Err(format!(
                    "{}: {quiet:?} gives {:?}",
                    ctx(m),
                    p.parse_move(&quiet)
                ));
            }
        } else {
            let capture = format!("{}x{}", m.from(), m.to());
            if p.parse_move(&capture) != Err(ParseMoveError::NoCapture) {
                return Err(format!(
                    "{}: {capture:?} gives {:?}",
                    ctx(m),
                    p.parse_move(&capture)
                ));
            }
        }
    }
    Ok(())
}

/// Seeded random playouts from the start and from the parse positions.
#[test]
fn move_text_round_trips_along_playouts() {
    let mut x: u64 = 0x7e57_0001;
    let mut rand = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut starts = parse_positions();
    starts.extend(RuleSet::ALL.map(Position::new));
    let mut checked = 0;
    for start in starts {
        for _game in 0..6 {
            let mut p = start;
            for _ply in 0..80 {
                if let Err(e) = check_move_texts(&p) {
                    panic!("{e}");
                }
                let moves = p.legal_moves();
                checked += moves.len();
                if moves.is_empty() {
                    break;
                }
                p.play(moves[(rand() % moves.len() as u64) as usize]);
            }
        }
    }
    assert!(checked > 10_000, "only {checked} moves checked");
}

#[test]
fn move_text_examples() {
    let start = Position::start();
    let m = start.parse_move("d3-d4").unwrap();
    assert_eq!(
        (m.from(), m.to(), m.is_capture()),
        (s("d3"), s("d4"), false)
    );
    assert_eq!(m.to_string(), "d3-d4");

    // Any legal landing path of a move names it; the move keeps the path it was given.
    let p = pos("W:WKh1:Bh3,h6", RuleSet::Default);
    let short = p.parse_move("h1xh7").unwrap();
    for text in ["h1xh4xh7", "h1xh5xh7"] {
        let m = p.parse_move(text).unwrap();
        assert_eq!(m, short);
        assert_eq!(m.to_string(), text);
    }
    assert_eq!(p.legal_moves().len(), 2);

    // The king loop back to its own start square.
    let p = pos("W:WKb2:Bb4,d5,b6,f6,d7", RuleSet::Default);
    let m = p.parse_move("b2xb2").unwrap();
    assert_eq!(
        (m.from(), m.to(), m.captured().count()),
        (s("b2"), s("b2"), 5)
    );
    assert_eq!(p.parse_move(&m.to_string()), Ok(m));

    // Crowning mid-capture: the default rules go on as a king, the federation's do not.
    let d = pos("B:Wd2,Ke1:Bd3", RuleSet::Default);
    let t = pos("B:Wd2,Ke1:Bd3", RuleSet::Tudaf);
    let texts = |p: &Position| {
        p.legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect::<BTreeSet<_>>()
    };
    assert_eq!(
        texts(&d),
        ["d3xd1xf1", "d3xd1xg1", "d3xd1xh1"]
            .map(String::from)
            .into()
    );
    assert_eq!(texts(&t), ["d3xd1xf1"].map(String::from).into());
    assert!(d.parse_move("d3xh1").unwrap().is_crowning());
    assert!(t.parse_move("d3xf1").unwrap().is_crowning());
    assert!(matches!(
        t.parse_move("d3xd1xg1"),
        Err(ParseMoveError::IllegalJump { jump: 1, .. })
    ));
}

// ------------------------------------------------------------------------------------------
// Move text errors
// ------------------------------------------------------------------------------------------

/// Move text as people type it: files in either case, `:` or `X` for `x`; the same moves as
/// the lower-case text, and syntax errors that say what was expected where.
#[test]
fn move_text_reads_what_people_type() {
    use turkish_draughts::{MoveSyntaxError, MoveText};
    let start = Position::start();
    for typed in ["D3-D4", "d3-D4", " D3-d4\t"] {
        assert_eq!(
            start.parse_move(typed),
            start.parse_move("d3-d4"),
            "{typed}"
        );
        assert_eq!(
            start.parse_any_move(typed),
            start.parse_move("d3-d4"),
            "{typed}"
        );
    }
    // One white man on d4 between black men on d5 and e6: d4xd6xf6 is the only move.
    let two = pos("W:Wd4:Bd5,e6", RuleSet::Default);
    let want = "d4xd6xf6";
    for typed in ["D4:D6:F6", "d4XD6xf6", "d4:d6xf6", "D4:F6", "D4:D5:E6"] {
        let text: MoveText = typed.parse().unwrap();
        assert_eq!(
            text.to_move(&two).map(|m| m.to_string()).as_deref(),
            Ok(want),
            "{typed}"
        );
        assert_eq!(
            two.parse_any_move(typed).map(|m| m.to_string()).as_deref(),
            Ok(want)
        );
    }
    let text: MoveText = "C4:C6:E6".parse().unwrap();
    assert_eq!(text.to_string(), "c4xc6xe6");
    assert_eq!(text.squares(), [s("c4"), s("c6"), s("e6")]);
    assert!(text.is_capture());
    let cases = [
        ("", MoveSyntaxError::Empty),
        ("I3-D4", MoveSyntaxError::BadSquare { at: 0 }),
        ("D3-D9", MoveSyntaxError::BadSquare { at: 3 }),
        ("D3", MoveSyntaxError::BadSeparator { at: 2 }),
        ("d3;d4", MoveSyntaxError::BadSeparator { at: 2 }),
        ("D3-D4:D5", MoveSyntaxError::MixedSeparators),
    ];
    for (typed, want) in cases {
        assert_eq!(typed.parse::<MoveText>(), Err(want), "{typed:?}");
        assert_eq!(
            start.parse_move(typed),
            Err(ParseMoveError::from(want)),
            "{typed:?}"
        );
    }
    assert_eq!(
        MoveSyntaxError::BadSquare { at: 3 }.to_string(),
        "at byte 3: expected a square such as `d3`"
    );
}

#[test]
fn move_error_variants() {
    use ParseMoveError::*;
    let start = Position::start();
    let rules_ex = pos("W:Wc4,d4:Bc5,Kd6,e4,b4", RuleSet::Default); // only c4xc6xe6
    let loop_ex = pos("W:WKh1:Bh3,h6", RuleSet::Default); // h1xh7 and h1xh8
    let turn_ex = pos("W:WKe4:Bf4,c4", RuleSet::Default);
    let man_ex = pos("W:Wd4,h4:Bd3,d6,h5", RuleSet::Default); // only h4xh6
    let blocked_ex = pos("W:WKh1,a3:Bh3,h4,Kc1", RuleSet::Default); // only h1xb1, h1xa1
    let two_ways = pos("W:WKa1:Ba2,f3,c4,e7", RuleSet::Default);
    let too_long = format!("h1{}", "xh4xh7".repeat(17)); // 35 squares
    let jump = |jump, from, to, why| IllegalJump {
        jump,
        from: s(from),
        to: s(to),
        why,
    };
    let cases: &[(&Position, &str, ParseMoveError)] = &[
        // Syntax.
        (&start, "", Empty),
        (&start, "z3-d4", BadSquare { at: 0 }),
        (&start, "i3-d4", BadSquare { at: 0 }),
        (&start, "d", BadSquare { at: 0 }),
        (&start, "d3-d9", BadSquare { at: 3 }),
        (&start, "d3-", BadSquare { at: 3 }),
        (&start, "d3--d4", BadSquare { at: 3 }),
        // Surrounding whitespace is ignored; offsets still count from the text's start.
        (&start, "d3 -d4", BadSeparator { at: 2 }),
        (&start, "  d3-z4 ", BadSquare { at: 5 }),
        (&start, " d3 ", BadSeparator { at: 3 }),
        (&start, " \t\n", Empty),
        (&start, "d3", BadSeparator { at: 2 }),
        (&start, "d3+d4", BadSeparator { at: 2 }),
        (&start, "d3;d4", BadSeparator { at: 2 }),
        (&start, "d3\u{e9}d4", BadSeparator { at: 2 }),
        (&start, "d3-d4xd5", MixedSeparators),
        (&rules_ex, "c4xc6-e6", MixedSeparators),
        (&start, "d3-d4-d5", QuietTooLong),
        (&loop_ex, &too_long, PathTooLong),
        // Which piece.
        (&start, "d5-d4", NoPiece { square: s("d5") }),
        (&start, "d6-d5", NoPiece { square: s("d6") }),
        (&rules_ex, "c5xc3", NoPiece { square: s("c5") }),
        // Quiet moves.
        (&rules_ex, "d4-d5", CaptureRequired { required: 2 }),
        (&loop_ex, "h1-g1", CaptureRequired { required: 2 }),
        (
            &start,
            "d3-d5",
            IllegalQuiet {
                from: s("d3"),
                to: s("d5"),
            },
        ),
        (
            &start,
            "d3-e4",
            IllegalQuiet {
                from: s("d3"),
                to: s("e4"),
            },
        ),
        (
            &start,
            "d3-d2",
            IllegalQuiet {
                from: s("d3"),
                to: s("d2"),
            },
        ),
        (
            &start,
            "d2-d3",
            IllegalQuiet {
                from: s("d2"),
                to: s("d3"),
            },
        ),
        (&start, "d3xd5", NoCapture),
        // Captures that take too few pieces. An unfinished path (one that stops where the
        // piece could capture again) always takes fewer than the maximum, so it is reported
        // as not maximal.
        (
            &rules_ex,
            "d4xf4",
            NotMaximal {
                captured: 1,
                required: 2,
            },
        ),
        (
            &rules_ex,
            "c4xc6",
            NotMaximal {
                captured: 1,
                required: 2,
            },
        ),
        (
            &loop_ex,
            "h1xh4",
            NotMaximal {
                captured: 1,
                required: 2,
            },
        ),
        (
            &loop_ex,
            "h1xh5",
            NotMaximal {
                captured: 1,
                required: 2,
            },
        ),
        (
            &two_ways,
            "a1xa4xf4",
            NotMaximal {
                captured: 2,
                required: 3,
            },
        ),
        // Ambiguous short form: two moves go from a1 to f2, capturing different pieces.
        (
            &two_ways,
            "a1xf2",
            Ambiguous {
                from: s("a1"),
                to: s("f2"),
                count: 2,
            },
        ),
        // Jumps that break a rule.
        (
            &rules_ex,
            "c4xe5",
            jump(0, "c4", "e5", JumpError::NotInLine),
        ),
        (
            &rules_ex,
            "c4xc4",
            jump(0, "c4", "c4", JumpError::NotInLine),
        ),
        (
            &turn_ex,
            "e4xh4xa4",
            jump(1, "h4", "a4", JumpError::Reversal),
        ),
        (
            &turn_ex,
            "e4xb4xg4",
            jump(1, "b4", "g4", JumpError::Reversal),
        ),
        (
            &loop_ex,
            "h1xh4xh2",
            jump(1, "h4", "h2", JumpError::Reversal),
        ),
        (
            &loop_ex,
            "h1xh2",
            jump(0, "h1", "h2", JumpError::NothingToJump),
        ),
        (
            &loop_ex,
            "h1xa1",
            jump(0, "h1", "a1", JumpError::NothingToJump),
        ),
        (
            &loop_ex,
            "h1xh4xh5",
            jump(1, "h4", "h5", JumpError::NothingToJump),
        ),
        (&loop_ex, "h1xh6", jump(0, "h1", "h6", JumpError::Occupied)),
        (&loop_ex, "h1xh3", jump(0, "h1", "h3", JumpError::Occupied)),
        (
            &blocked_ex,
            "h1xh5",
            jump(0, "h1", "h5", JumpError::Blocked),
        ),
        (
            &blocked_ex,
            "a3xa5",
            jump(0, "a3", "a5", JumpError::NothingToJump),
        ),
        (&man_ex, "d4xd2", jump(0, "d4", "d2", JumpError::ManJump)),
        (&man_ex, "d4xd7", jump(0, "d4", "d7", JumpError::ManJump)),
        (&man_ex, "h4xh7", jump(0, "h4", "h7", JumpError::ManJump)),
        (
            &man_ex,
            "h4xh6xh8",
            jump(1, "h6", "h8", JumpError::NothingToJump),
        ),
    ];
    let mut failures = Vec::new();
    for (p, text, want) in cases {
        let got = p.parse_move(text);
        if got != Err(*want) {
            failures.push(format!(
                "{} {text:?}: got {got:?}, want {want:?}",
                p.setup()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));

    // The short form of a two-jump capture, and its full path.
    let m = rules_ex.parse_move("c4xe6").unwrap();
    assert_eq!(m.to_string(), "c4xc6xe6");
    assert_eq!(rules_ex.parse_move("c4xc6xe6"), Ok(m));

    // The two moves behind the ambiguous short form are each named by their full path.
    let a = two_ways.parse_move("a1xa4xf4xf2").unwrap();
    let b = two_ways.parse_move("a1xa7xf7xf2").unwrap();
    assert_ne!(a, b);
    assert_eq!(
        a.captured(),
        [s("a2"), s("c4"), s("f3")].into_iter().collect()
    );
    assert_eq!(
        b.captured(),
        [s("a2"), s("e7"), s("f3")].into_iter().collect()
    );
    // Error messages say why.
    assert!(
        Ambiguous {
            from: s("a1"),
            to: s("f2"),
            count: 2
        }
        .to_string()
        .contains("full landing path")
    );
}

#[test]
fn square_and_rule_set_parsing() {
    assert_eq!("a1".parse::<Square>(), Ok(Square::A1));
    assert_eq!("h8".parse::<Square>(), Ok(Square::H8));
    for i in 0..64u8 {
        let sq = Square::new(i).unwrap();
        assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
    }
    for bad in [
        "", "a", "a0", "a9", "i1", "A1", "1a", "a1 ", " a1", "a10", "\u{e9}1", "a\u{e9}",
    ] {
        assert!(bad.parse::<Square>().is_err(), "{bad:?}");
    }
    assert_eq!("default".parse::<RuleSet>(), Ok(RuleSet::Default));
    assert_eq!("tudaf".parse::<RuleSet>(), Ok(RuleSet::Tudaf));
    for rules in RuleSet::ALL {
        assert_eq!(rules.to_string().parse::<RuleSet>(), Ok(rules));
    }
    for bad in ["", "Default", "TUDAF", " default", "default ", "fide"] {
        assert!(bad.parse::<RuleSet>().is_err(), "{bad:?}");
    }
}

// ------------------------------------------------------------------------------------------
// Parsers never panic
// ------------------------------------------------------------------------------------------

/// Feeds `text` to every parser. They must return, and what they accept must make sense.
fn parse_everything(text: &str, positions: &[Position]) -> Result<(), TestCaseError> {
    if let Ok(setup) = text.parse::<Setup>() {
        // Whatever parses prints back to text that parses to the same setup.
        prop_assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup));
        let _ = Position::from_setup_relaxed(&setup, RuleSet::Default);
    }
    for rules in RuleSet::ALL {
        if let Ok(p) = Position::from_fen(text, rules) {
            prop_assert_eq!(Position::from_fen(&p.setup().to_string(), rules), Ok(p));
            let _ = p.legal_moves();
        }
    }
    for p in positions {
        if let Ok(m) = p.parse_move(text) {
            prop_assert!(
                p.legal_moves().contains(&m),
                "{:?} parsed as the illegal {:?}",
                text,
                m
            );
            let from = m.from().to_string();
            prop_assert_eq!(text.get(..2), Some(from.as_str()));
            prop_assert_eq!(p.parse_move(&m.to_string()), Ok(m));
        }
    }
    let _ = text.parse::<Square>();
    let _ = text.parse::<RuleSet>();
    Ok(())
}

/// Strings over the FEN and move alphabet, with whole tokens and some junk mixed in.
fn alphabet_string() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        8 => prop::sample::select(
            "WBK:,abcdefgh12345678x-".chars().collect::<Vec<char>>()
        ).prop_map(String::from),
        3 => prop::sample::select(vec![
            "W:", "B:", ":W", ":B", "K", ",", "x", "-", "Kd4", "a1", "h8", "d3", "xd5", "-d4", " ",
        ])
        .prop_map(String::from),
        1 => any::<char>().prop_map(String::from),
        1 => prop::sample::select(vec!["\u{0}", "\t", "\n", "\u{e9}", "\u{1f600}", "9", "0", "i", "A", "k", "w"])
            .prop_map(String::from),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

/// Move-like text: squares with separators, often a real capture path's shape.
fn move_like_string() -> impl Strategy<Value = String> {
    let square = prop::sample::select(Square::ALL.to_vec()).prop_map(|sq| sq.to_string());
    let sep =
        prop_oneof![6 => Just("x"), 2 => Just("-"), 1 => Just(""), 1 => Just("xx"), 1 => Just(" ")];
    (square.clone(), prop::collection::vec((sep, square), 0..8)).prop_map(|(first, rest)| {
        let mut t = first;
        for (sep, sq) in rest {
            t.push_str(sep);
            t.push_str(&sq);
        }
        t
    })
}

/// FEN-like text: a turn letter and two lists of random entries.
fn fen_like_string() -> impl Strategy<Value = String> {
    let entry = (
        any::<bool>(),
        0..64u8,
        prop::sample::select(vec!["", "", "", "", "9", "K", ":", " "]),
    )
        .prop_map(|(k, i, junk)| {
            format!(
                "{}{}{junk}",
                if k { "K" } else { "" },
                Square::new(i).unwrap()
            )
        });
    (
        prop::sample::select(vec!["W", "B", "", "X"]),
        prop::sample::select(vec!["W", "B", "", "K"]),
        prop::collection::vec(entry.clone(), 0..20),
        prop::sample::select(vec!["W", "B", "", "X"]),
        prop::collection::vec(entry, 0..20),
    )
        .prop_map(|(t, c1, l1, c2, l2)| format!("{t}:{c1}{}:{c2}{}", l1.join(","), l2.join(",")))
}

proptest! {
    #![proptest_config(config(1500))]

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        parse_everything(&text, &parse_positions())?;
    }

    #[test]
    fn alphabet_strings_never_panic(text in alphabet_string()) {
        parse_everything(&text, &parse_positions())?;
    }

    #[test]
    fn move_like_strings_never_panic(text in move_like_string()) {
        parse_everything(&text, &parse_positions())?;
    }

    #[test]
    fn fen_like_strings_never_panic(text in fen_like_string()) {
        parse_everything(&text, &parse_positions())?;
    }
}

/// Every legal move of the bench and worst-case positions (long capture paths among
/// them) goes through `UncheckedMove` and back to the same move; the text is the move's
/// (with its position's path where the capture is too long for the move to hold one).
#[test]
fn unchecked_moves_round_trip_on_every_data_position() {
    let mut longest = 0;
    for file in ["bench.fen", "worst-case.fen"] {
        let text = std::fs::read_to_string(format!("tests/data/{file}")).unwrap();
        for line in text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        {
            let setup: Setup = line.split_whitespace().next().unwrap().parse().unwrap();
            for rules in [RuleSet::Default, RuleSet::Tudaf] {
                let pos = Position::from_setup_relaxed(&setup, rules).unwrap();
                for m in pos.legal_moves().iter() {
                    assert_eq!(
                        turkish_draughts::UncheckedMove::from(m).as_str(),
                        m.to_string()
                    );
                    let unchecked = pos.move_text(m).unwrap();
                    if m.has_path() {
                        assert_eq!(unchecked.as_str(), m.to_string());
                    }
                    longest = longest.max(unchecked.as_str().len());
                    let again: turkish_draughts::UncheckedMove =
                        unchecked.as_str().parse().unwrap();
                    assert_eq!(again.resolve(&pos), Ok(*m), "{line}: {m}");
                }
            }
        }
    }
    assert!(longest > 20, "the data has long capture paths ({longest})");
}
