//! The PDN reader on hostile and unusual inputs: every game of the input gives one item, the
//! streaming `Reader` and `read_str` give the same items, and the heap the reader holds does
//! not grow with the input (measured by a counting global allocator, as memory per input
//! byte, never by a clock). The inputs are those of `tools/pdn-hostile`, small here.
//! The work per input byte is checked inside the crate (`src/pdn/tests.rs`).
//!
//! A test binary of its own: its global allocator counts the heap of the whole binary, and
//! its tests run one at a time so that what it counts is the reader's.

#[allow(dead_code)]
#[path = "common/pdn_cases.rs"]
mod cases;

use std::alloc::System;
use std::io::{self, BufReader, Read, Write};
use std::sync::{Mutex, MutexGuard};

use cap::Cap;
use turkish_draughts::pdn::{
    self, Limit, MAX_COMMENT_BYTES, MAX_QUOTED_CHARS, MAX_TAGS_PER_GAME, PdnError, PdnErrorKind,
    PdnGame, ReadOptions, Reader, Tags, WriteOptions,
};
use turkish_draughts::{GameResult, RuleSet};

#[global_allocator]
static HEAP: Cap<System> = Cap::new(System, usize::MAX);

/// The tests run one at a time, so that the heap in use is the measured reader's.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn alone() -> MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

type Item = Result<PdnGame, PdnError>;

/// An input that notes the most heap in use each time the reader asks it for bytes.
struct Metered<R> {
    inner: R,
    peak: usize,
}

impl<R: Read> Read for Metered<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.peak = self.peak.max(HEAP.allocated());
        self.inner.read(buf)
    }
}

/// Reads `input` with a `Reader`, calling `each` on every item and dropping it; returns the
/// count and the most heap the reader held above what was in use before it started.
fn held_while_reading(input: impl Read, each: &mut dyn FnMut(&Item)) -> (usize, usize) {
    let mut metered = BufReader::new(Metered {
        inner: input,
        peak: 0,
    });
    let before = HEAP.allocated();
    metered.get_mut().peak = before;
    let mut count = 0;
    let mut reader = Reader::new(&mut metered);
    for item in reader.by_ref() {
        each(&item);
        count += 1;
    }
    drop(reader);
    (count, metered.get_ref().peak - before)
}

/// A case written to a buffer: its text and the number of items the reader should give.
fn case(write: fn(&mut dyn Write, usize) -> io::Result<usize>, n: usize) -> (Vec<u8>, usize) {
    let mut text = Vec::new();
    let items = write(&mut text, n).unwrap();
    (text, items)
}

/// `read_str`, the `Reader` given everything at once and the `Reader` given a few bytes at
/// a time (7 for small inputs) give the same items.
fn same_items(text: &[u8], options: ReadOptions) -> Vec<Item> {
    let whole: Vec<Item> = Reader::with_options(text, options).collect();
    let piece = if text.len() < 1 << 18 { 7 } else { 4099 };
    let trickle: Vec<Item> =
        Reader::with_options(BufReader::with_capacity(piece, text), options).collect();
    assert!(
        whole == trickle,
        "the Reader's items depend on how it is fed"
    );
    if let Ok(s) = std::str::from_utf8(text) {
        let read: Vec<Item> = pdn::read_str_with(s, options).collect();
        assert!(read == whole, "read_str and Reader differ");
    }
    whole
}

/// Checks a case at two sizes: the item count both times, and that the heap held grows by
/// less than 1/16 of the extra input, beyond 16 KiB for the games themselves, which differ
/// (the old reader held 180 bytes per byte of tagless games). Returns the larger input's
/// items.
fn bounded(
    write: fn(&mut dyn Write, usize) -> io::Result<usize>,
    small: usize,
    check: &mut dyn FnMut(&Item),
) -> Vec<Item> {
    let (text_s, items_s) = case(write, small);
    let (text_l, items_l) = case(write, 4 * small);
    let (count_s, held_s) = held_while_reading(&text_s[..], check);
    let (count_l, held_l) = held_while_reading(&text_l[..], check);
    assert_eq!(count_s, items_s);
    assert_eq!(count_l, items_l);
    let extra_input = text_l.len() - text_s.len();
    assert!(
        held_l.saturating_sub(held_s) < extra_input / 16 + (16 << 10),
        "held {held_s} bytes for {} input bytes, {held_l} for {}",
        text_s.len(),
        text_l.len()
    );
    same_items(&text_l, ReadOptions::default())
}

fn ok(item: &Item) {
    if let Err(e) = item {
        panic!("{e}");
    }
}

#[test]
fn tagless_games() {
    let _alone = alone();
    let items = bounded(cases::tagless, 30_000, &mut ok);
    assert!(items.len() > 200);
}

#[test]
fn tags_on_one_line_and_mac_line_ends() {
    let _alone = alone();
    let items = bounded(cases::tags_on_one_line, 30_000, &mut ok);
    let g = items[5].as_ref().unwrap();
    assert_eq!(g.tags().white(), Some("player10"));
    assert_eq!(g.tags().time_control(), Some("300+3"));
    bounded(cases::tagged_one_line, 30_000, &mut ok);
    let items = bounded(cases::mac_line_ends, 30_000, &mut ok);
    // Lines are counted at `\r` too: the second game starts after the first's lines.
    let first = items[0].as_ref().unwrap();
    let second = items[1].as_ref().unwrap();
    assert_eq!(first.line(), 1);
    let text = pdn::write_game(first.game(), &cases::tags(0), &WriteOptions::default());
    assert_eq!(second.line(), text.lines().count() + 2);
}

#[test]
fn all_on_one_line() {
    let _alone = alone();
    bounded(cases::one_line, 30_000, &mut ok);
}

#[test]
fn one_long_token() {
    let _alone = alone();
    let mut check = |item: &Item| {
        if let Err(e) = item {
            assert_eq!((e.line, e.column), (1, 4));
            let limit = Limit::Token;
            assert_eq!(e.kind, PdnErrorKind::LimitExceeded { limit });
            assert!(e.to_string().len() < 120, "{e}");
        }
    };
    let items = bounded(cases::one_token, 200_000, &mut check);
    assert!(items[0].is_err() && items[1].is_ok());
}

#[test]
fn a_long_fen_tag() {
    let _alone = alone();
    let mut check = |item: &Item| {
        if let Err(e) = item {
            assert_eq!((e.line, e.column), (1, 7));
            let limit = Limit::TagValue;
            assert_eq!(e.kind, PdnErrorKind::LimitExceeded { limit });
        }
    };
    let items = bounded(cases::long_fen_tag, 200_000, &mut check);
    assert!(items[0].is_err());
    assert_eq!(items[1].as_ref().unwrap().tags().event(), Some("next"));
}

#[test]
fn tag_lines_without_movetext() {
    let _alone = alone();
    let mut check = |item: &Item| {
        let e = item.as_ref().unwrap_err();
        assert_eq!((e.line, e.column), (MAX_TAGS_PER_GAME + 1, 1));
        let limit = Limit::Tags;
        assert_eq!(e.kind, PdnErrorKind::LimitExceeded { limit });
    };
    bounded(cases::tags_only, 5_000, &mut check);
}

#[test]
fn zero_bytes() {
    let _alone = alone();
    let mut helds = Vec::new();
    for mb in [1, 4] {
        let zeros = io::repeat(0).take(mb << 20);
        let mut errors = Vec::new();
        let (count, held) = held_while_reading(zeros, &mut |item| {
            errors.push(item.as_ref().unwrap_err().clone());
        });
        assert_eq!(count, 1);
        let limit = Limit::Token;
        assert_eq!(errors[0].kind, PdnErrorKind::LimitExceeded { limit });
        helds.push(held);
    }
    assert!(
        helds[1].saturating_sub(helds[0]) < (3 << 20) / 16,
        "{helds:?}"
    );
}

#[test]
fn the_game_after_an_illegal_move_without_tags() {
    let _alone = alone();
    let mut errors = 0;
    let mut check = |item: &Item| {
        if let Err(e) = item {
            assert!(matches!(e.kind, PdnErrorKind::IllegalMove { .. }), "{e}");
            errors += 1;
        }
    };
    let items = bounded(cases::illegal_tagless, 30_000, &mut check);
    // Games 3, 13, 23, ... have the illegal move.
    let bad: Vec<usize> = (0..items.len()).filter(|&i| items[i].is_err()).collect();
    let expected: Vec<usize> = (3..items.len()).step_by(10).collect();
    assert_eq!(bad, expected);
    assert!(errors > 0);
}

#[test]
fn games_after_unclosed_comments_and_variations() {
    let _alone = alone();
    let (text, count) = case(cases::unclosed, 30_000);
    let items = same_items(&text, ReadOptions::default());
    assert_eq!(items.len(), count);
    for item in &items {
        if let Err(e) = item {
            let expected = matches!(
                e.kind,
                PdnErrorKind::UnterminatedComment | PdnErrorKind::UnterminatedVariation
            );
            assert!(expected, "{e}");
        }
    }
    assert!(items.iter().filter(|i| i.is_ok()).count() > items.len() * 3 / 4);
    // The same by hand, with a tag line right after the comment and no blank line.
    let text = "[Event \"a\"]\n1. c3-c4 {never closed\n[Event \"b\"]\n1. d3-d4 *\n\
                1. e3-e4 (f6-f5 *\n1. a3-a4 *\n";
    let items = same_items(text.as_bytes(), ReadOptions::default());
    let shown: Vec<String> = items
        .iter()
        .map(|i| match i {
            Ok(g) => format!("ok {}", g.line()),
            Err(e) => e.to_string(),
        })
        .collect();
    assert_eq!(
        shown,
        [
            "line 2, column 10: the comment that starts here has no closing `}`",
            "ok 3",
            "line 5, column 10: the variation that starts here has no closing `)`",
            "ok 6",
        ]
    );
}

/// A comment never closed, then lines of words: the reader looks ahead
/// `MAX_COMMENT_BYTES` for the `}` and no further.
fn unclosed_then_words(out: &mut dyn Write, bytes: usize) -> io::Result<usize> {
    out.write_all(b"{ never closed\n")?;
    let line = format!("{}\n", "x".repeat(200));
    out.write_all(line.repeat(bytes / line.len()).as_bytes())?;
    // The comment's error, then the words as a game of bad moves.
    Ok(2)
}

#[test]
fn an_unclosed_comment_looks_ahead_a_bounded_way() {
    let _alone = alone();
    let mut check = |item: &Item| assert!(item.is_err());
    let items = bounded(unclosed_then_words, MAX_COMMENT_BYTES * 9 / 8, &mut check);
    let e = items[0].as_ref().unwrap_err();
    assert_eq!((e.line, e.column), (1, 1));
    let limit = Limit::Comment;
    assert_eq!(e.kind, PdnErrorKind::LimitExceeded { limit });
    let e = items[1].as_ref().unwrap_err();
    assert_eq!((e.line, e.column), (2, 1));
    assert!(matches!(e.kind, PdnErrorKind::BadMove { .. }), "{e}");
}

/// An input that gives `text` and then fails.
struct FailsAfter<'a>(&'a [u8]);

impl Read for FailsAfter<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.0.is_empty() {
            return Err(io::Error::other("the disk is gone"));
        }
        let n = self.0.read(buf)?;
        Ok(n)
    }
}

#[test]
fn an_input_that_fails_after_two_games() {
    let _alone = alone();
    let text =
        "[Event \"a\"]\n\n1. c3-c4 *\n\n[Event \"b\"]\n\n1. d3-d4 2-0\n\n[Event \"c\"]\n\n1. e3-";
    for (cut, games) in [(text.len(), 2), (text.find("2-0").unwrap() + 1, 1)] {
        let items: Vec<Item> = Reader::new(BufReader::with_capacity(
            5,
            FailsAfter(&text.as_bytes()[..cut]),
        ))
        .collect();
        assert_eq!(items.len(), games + 1);
        assert!(items[..games].iter().all(Result::is_ok));
        let e = items[games].as_ref().unwrap_err();
        assert_eq!(
            e.kind,
            PdnErrorKind::Io {
                message: "the disk is gone".into()
            }
        );
    }
}

#[test]
fn files_that_start_with_a_byte_order_mark_one_after_another() {
    let _alone = alone();
    let items = bounded(cases::byte_order_marks, 30_000, &mut ok);
    assert!(items.len() > 20);
    let (a, b) = (
        "\u{feff}1. c3-c4 *\n",
        "\u{feff}[Event \"b\"]\n1. d3-d4 *\n",
    );
    let items = same_items(format!("{a}{b}").as_bytes(), ReadOptions::default());
    assert_eq!(items.len(), 2);
    assert_eq!(items[1].as_ref().unwrap().tags().event(), Some("b"));
    // Mid-line too, right after a word (files without a last newline), and the error
    // columns do not count a mark that starts a line.
    let items = same_items(
        "1. c3-c4 *\u{feff}1. d3-d4 *\n\u{feff}1. c3-c5 *".as_bytes(),
        ReadOptions::default(),
    );
    assert!(items[0].is_ok() && items[1].is_ok());
    let e = items[2].as_ref().unwrap_err();
    assert_eq!((e.line, e.column), (2, 4));
}

#[test]
fn the_rule_set_travels_with_the_game() {
    let _alone = alone();
    let (text, count) = case(cases::tudaf_games, 40_000);
    let items = same_items(&text, ReadOptions::default());
    assert_eq!(items.len(), count);
    for item in &items {
        let g = item.as_ref().unwrap();
        assert_eq!(g.game().rules(), RuleSet::Tudaf);
        assert_eq!(g.tags().rules(), Some("tudaf"));
        assert_eq!(g.rules_conflict(), None);
    }
    // The caller's choice wins, and a game that disagrees says so.
    let items = same_items(&text, ReadOptions::new(RuleSet::Default));
    assert_eq!(items.len(), count);
    for item in items.iter().flatten() {
        assert_eq!(item.game().rules(), RuleSet::Default);
        let c = item.rules_conflict().unwrap();
        assert_eq!((c.tag.as_str(), c.chosen), ("tudaf", RuleSet::Default));
    }
    // A game the two rule sets read differently: a man that reaches the far rank in the
    // middle of a capture goes on as a king only under the default rules, where it must
    // take the king on e8 too.
    let text = "[FEN \"W:Wc6:Bc7,Ke8\"]\n[Rules \"tudaf\"]\n1. c6xc8 1-1\n";
    let g = pdn::read_str(text).next().unwrap().unwrap();
    assert_eq!(g.game().rules(), RuleSet::Tudaf);
    let told = pdn::read_str_with(text, ReadOptions::new(RuleSet::Tudaf))
        .next()
        .unwrap();
    assert_eq!(told.unwrap().rules_conflict(), None);
    let wrong = pdn::read_str_with(text, ReadOptions::new(RuleSet::Default))
        .next()
        .unwrap();
    assert!(matches!(
        wrong.unwrap_err().kind,
        PdnErrorKind::IllegalMove { .. }
    ));
    let untagged = text.replace("[Rules \"tudaf\"]\n", "");
    let e = pdn::read_str(&untagged).next().unwrap().unwrap_err();
    assert!(matches!(e.kind, PdnErrorKind::IllegalMove { .. }), "{e}");
}

#[test]
fn unknown_rules_and_quotes_of_80_characters() {
    let err = |text: &str| pdn::read_str(text).next().unwrap().unwrap_err();
    let e = err("[Rules \"fide\"]\n1. c3-c4 *");
    assert_eq!(
        e.to_string(),
        "line 1, column 9: Rules \"fide\" is not a rule set of Turkish draughts (default or tudaf)"
    );
    // Accepted: other cases of letters, blanks, the federation's name.
    for value in ["TUDAF", " Tudaf ", "federation"] {
        let text = format!("[Rules \"{value}\"]\n1. c3-c4 *");
        let g = pdn::read_str(&text).next().unwrap().unwrap();
        assert_eq!(g.game().rules(), RuleSet::Tudaf);
    }
    let fen = format!("W:W{}", "a2,".repeat(1000));
    let e = err(&format!("[FEN \"{fen}\"]\n1. c3-c4 *"));
    let PdnErrorKind::BadFen { fen: quoted, .. } = &e.kind else {
        panic!("{e}")
    };
    assert_eq!(quoted.chars().count(), MAX_QUOTED_CHARS);
    assert!(e.to_string().len() < 200, "{e}");
    let word = format!("c3{}", "-c4".repeat(80));
    let e = err(&format!("1. {word} *"));
    assert!(e.to_string().contains('…'), "{e}");
    assert!(e.to_string().len() < 200, "{e}");
}

#[test]
fn a_long_game_of_sideways_moves() {
    let _alone = alone();
    let game = cases::shuffle_game(20_000, 3);
    let text = pdn::write_game(&game, &Tags::new(), &WriteOptions::default());
    let items = same_items(text.as_bytes(), ReadOptions::default());
    let read = items[0].as_ref().unwrap();
    assert_eq!(read.game(), &game);
    assert_eq!(read.result(), GameResult::Ongoing);
    // The same game through JSON: tests/formats/serde.rs (it needs the serde feature).
}

/// A finished game holds about what its plies need: 1000 one-move games kept in a list take
/// their items' own size and less than 200 bytes of heap each (what one ply takes, as the
/// section Memory of `Game` says), not the room for 32 positions.
#[test]
fn a_one_move_game_holds_what_its_ply_needs() {
    let _alone = alone();
    let text = "1. c3-c4 *\n\n".repeat(1000);
    let mut kept: Vec<Item> = Vec::with_capacity(1000);
    let before = HEAP.allocated();
    kept.extend(pdn::read_str(&text));
    let per_game = (HEAP.allocated() - before) / 1000;
    assert_eq!(kept.len(), 1000);
    assert!(kept.iter().all(|g| g.as_ref().unwrap().game().ply() == 1));
    assert!(per_game < 200, "{per_game} bytes a game");
}

/// A file in UTF-16 (little or big endian, with its byte order mark) is one error that
/// names UTF-16, at line 1, column 1, from either reader, and nothing else.
#[test]
fn utf16_files_are_refused_with_one_error() {
    let _alone = alone();
    let text = "[Event \"x\"]\n1. c3-c4 *\n\n1. d3-d4 *\n";
    for big_endian in [false, true] {
        let mut bytes: Vec<u8> = if big_endian {
            vec![0xFE, 0xFF]
        } else {
            vec![0xFF, 0xFE]
        };
        for unit in text.encode_utf16() {
            let pair = if big_endian {
                unit.to_be_bytes()
            } else {
                unit.to_le_bytes()
            };
            bytes.extend(pair);
        }
        let items = same_items(&bytes, ReadOptions::default());
        assert_eq!(items.len(), 1, "{items:?}");
        let e = items[0].as_ref().unwrap_err();
        assert_eq!((e.line, e.column, &e.kind), (1, 1, &PdnErrorKind::Utf16));
        assert!(e.to_string().contains("UTF-16"), "{e}");
    }
}

/// Control characters of the input (ESC, NUL, ...) are escaped in every error that quotes
/// it, so that a hostile file cannot drive a terminal.
#[test]
fn errors_escape_control_characters() {
    let _alone = alone();
    for text in [
        "1. c3\u{1b}[2J-c4 *",
        "[GameType \"3\u{0}0\u{1b}]\"]\n*",
        "[Rules \"x\u{7}\"]\n*",
        "[FEN \"W:\u{1b}[31m\"]\n*",
        "1. c3-c4 f6\u{8}-f5 *",
    ] {
        let items = same_items(text.as_bytes(), ReadOptions::default());
        let e = items[0].as_ref().unwrap_err();
        let message = e.to_string();
        assert!(!message.chars().any(char::is_control), "{message:?}");
        assert!(
            message.contains("\\u{") || message.contains("\\0"),
            "{message:?}"
        );
    }
}

/// Annotations count towards their limit, variations too: past it the game is an error and
/// the next game reads.
#[test]
fn annotations_have_a_limit() {
    let _alone = alone();
    let mut options = ReadOptions::default();
    options.max_notes_bytes = 1000;
    for notes in ["$1 ".repeat(40), "( c3-c4 ) ".repeat(20), "{x} ".repeat(40)] {
        let text = format!("1. c3-c4 {notes} *\n\n1. d3-d4 {{fine}} *\n");
        let items: Vec<Item> = pdn::read_str_with(&text, options).collect();
        assert_eq!(items.len(), 2, "{notes}");
        let e = items[0].as_ref().unwrap_err();
        assert_eq!(
            e.kind,
            PdnErrorKind::LimitExceeded {
                limit: Limit::Notes
            }
        );
        assert!(items[1].is_ok());
    }
}
