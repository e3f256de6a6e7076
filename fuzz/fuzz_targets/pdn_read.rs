//! PDN text: `read_str` and the streaming `Reader` give the same items, whether the stream
//! comes whole or a few bytes at a time, under either way of choosing the rule set; nothing
//! panics, every error quotes at most `MAX_QUOTED_CHARS` characters, and every game read
//! writes back and reads again as the same game.
#![no_main]

use std::io::BufReader;

use libfuzzer_sys::fuzz_target;
use turkish_draughts::pdn::{self, MAX_QUOTED_CHARS, PdnErrorKind, ReadOptions, Reader, WriteOptions};
use turkish_draughts::RuleSet;

fn quoted(kind: &PdnErrorKind) -> Option<&str> {
    match kind {
        PdnErrorKind::UnknownGameType { value }
        | PdnErrorKind::UnknownRules { value }
        | PdnErrorKind::BadResultTag { value }
        | PdnErrorKind::BadNoProgressLimit { value } => Some(value),
        PdnErrorKind::BadFen { fen, .. } => Some(fen),
        PdnErrorKind::BadMove { text, .. }
        | PdnErrorKind::IllegalMove { text, .. }
        | PdnErrorKind::AmbiguousMove { text, .. }
        | PdnErrorKind::GameOver { text, .. } => Some(text),
        _ => None,
    }
}

fuzz_target!(|data: &[u8]| {
    // The first byte picks the options and the stream's piece size; the rest is the text.
    let Some((&how, data)) = data.split_first() else {
        return;
    };
    let options = match how % 3 {
        0 => ReadOptions::default(),
        1 => ReadOptions::new(RuleSet::Default),
        _ => ReadOptions::new(RuleSet::Tudaf),
    };
    let piece = 1 + usize::from(how / 3) % 7;
    let streamed: Vec<_> =
        Reader::with_options(BufReader::with_capacity(piece, data), options).collect();
    let whole: Vec<_> = Reader::with_options(data, options).collect();
    assert_eq!(streamed, whole);
    if let Ok(text) = std::str::from_utf8(data) {
        let read: Vec<_> = pdn::read_str_with(text, options).collect();
        assert_eq!(read, whole);
    }
    for item in &whole {
        match item {
            Err(e) => {
                assert!(e.line >= 1 && e.column >= 1, "{e}");
                if let Some(q) = quoted(&e.kind) {
                    assert!(q.chars().count() <= MAX_QUOTED_CHARS, "{e}");
                }
            }
            Ok(g) => {
                let text = pdn::write_game(g.game(), g.tags(), &WriteOptions::default());
                let back = pdn::read_str(&text).next().expect("one game").expect("reads back");
                assert_eq!(back.game(), g.game(), "{text}");
            }
        }
    }
});
