//! The reader's work and window, counted inside: on every shape of hostile input the
//! tokenizer looks at each byte a bounded number of times, and the `Reader`'s window stays
//! within its bound.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::options::ReadOptions;
use super::read::Parser;
use super::source::{IoSource, StrSource};
use super::{MAX_COMMENT_BYTES, MAX_TAG_VALUE_BYTES, MAX_TOKEN_BYTES};

/// A game with tags, repeated; its tags on one line when `one_line`.
fn games(n: usize, one_line: bool) -> String {
    let tags = "[Event \"?\"] [Site \"PlayOK\"] [White \"a\"] [Black \"b\"] [Result \"*\"]";
    let tags = if one_line {
        String::from(tags)
    } else {
        tags.replace("] ", "]\n")
    };
    format!("{tags}\n\n1. c3-c4 f6-f5 2. d3-d4 {{ok}} f5-f4 (2... e6-e5) *\n\n").repeat(n)
}

/// The inputs, each at about `n` units.
fn shapes(n: usize) -> Vec<(&'static str, String)> {
    let long = "x".repeat(MAX_TOKEN_BYTES * 4);
    let value = "v".repeat(MAX_TAG_VALUE_BYTES * 3);
    Vec::from([
        ("tags on one line", games(n, true)),
        ("old Mac line ends", games(n, false).replace('\n', "\r")),
        ("games on one line", games(n, false).replace('\n', " ")),
        ("many tags on one line", "[Event \"x\"] ".repeat(20 * n)),
        ("long words", format!("{long} ").repeat(n / 4)),
        ("one long word", "c".repeat(200 * n)),
        (
            "long tag values",
            format!("[FEN \"{value}\"]\n").repeat(n / 20),
        ),
        ("tag lines only", "[Event \"x\"]\n".repeat(20 * n)),
        ("unclosed comments", "1. c3-c4 {\n".repeat(20 * n)),
        (
            "unclosed comments, long lines",
            format!("{{{long}\n").repeat(n),
        ),
        ("unclosed variations", "1. c3-c4 ( f6-f5 * ".repeat(10 * n)),
        ("closing brackets", ")".repeat(200 * n)),
        ("line comments", "; x\n% y\n1. c3-c4 *\n".repeat(10 * n)),
        (
            "byte order marks",
            "\u{feff}1. c3-c4 \u{feff}*\n".repeat(10 * n),
        ),
        ("zero bytes", "\0".repeat(200 * n)),
    ])
}

/// Reads `text` to its end; returns the items, the bytes looked at and the most held.
fn read(text: &str, stream: bool) -> (usize, u64, usize) {
    let options = ReadOptions::default();
    let (mut items, mut held) = (0, 0);
    if stream {
        let mut parser = Parser::new(IoSource::new(text.as_bytes()), options);
        while parser.next_item().is_some() {
            items += 1;
            held = held.max(parser.held());
        }
        (items, parser.looked(), held)
    } else {
        let mut parser = Parser::new(StrSource(text.as_bytes()), options);
        while parser.next_item().is_some() {
            items += 1;
        }
        (items, parser.looked(), 0)
    }
}

#[test]
fn each_byte_is_looked_at_a_bounded_number_of_times() {
    for stream in [false, true] {
        for ((name, small), (_, big)) in shapes(100).into_iter().zip(shapes(400)) {
            let (items, looked_s, _) = read(&small, stream);
            let (_, looked_b, _) = read(&big, stream);
            assert!(items > 0, "{name}");
            for (looked, text) in [(looked_s, &small), (looked_b, &big)] {
                assert!(
                    looked <= 4 * text.len() as u64,
                    "{name}: {looked} bytes looked at for {}",
                    text.len()
                );
            }
        }
    }
}

#[test]
fn the_window_stays_within_its_bound() {
    // The window holds a comment's text from its second line while looking for its `}`:
    // at most MAX_COMMENT_BYTES of it, in a buffer under twice that plus a piece read,
    // with a capacity at most twice the buffer.
    let bound = 4 * (MAX_COMMENT_BYTES + 64 * 1024);
    let unclosed = format!("{{\n{}", "x y\n".repeat(MAX_COMMENT_BYTES / 2));
    for (name, text) in shapes(400)
        .into_iter()
        .chain([("one unclosed comment", unclosed)])
    {
        let (_, _, held) = read(&text, true);
        assert!(held <= bound, "{name}: {held}");
    }
    // Ordinary files: the pieces read and little more.
    let (_, _, held) = read(&games(2000, false), true);
    assert!(held <= 4 * 64 * 1024, "{held}");
}
