//! The caller's visitor: what `ControlFlow::Break` gives and what it skips, `Skip` on
//! variations, errors against `Break`, and an I/O error after a game the visitor broke off.

use std::io::{self, BufRead, Read};
use std::ops::ControlFlow;

use turkish_draughts::GameResult;
use turkish_draughts::pdn::{self, Location, PdnErrorKind, Reader, Skip, Visitor};

/// Records what it is handed as words; breaks with the words so far at the first event whose
/// word is `break_at`, and skips the variations whose first event comes at a depth in
/// `skip_depths` (1: the outermost).
#[derive(Default)]
struct Record {
    words: Vec<String>,
    depth: usize,
    break_at: Option<&'static str>,
    skip_depths: Vec<usize>,
}

impl Record {
    fn word(&mut self, word: String) -> ControlFlow<Vec<String>> {
        let stop = self.break_at == Some(word.as_str());
        self.words.push(word);
        if stop {
            return ControlFlow::Break(std::mem::take(&mut self.words));
        }
        ControlFlow::Continue(())
    }
}

impl Visitor for Record {
    type Output = Vec<String>;
    fn begin_game(&mut self, _: Location) -> ControlFlow<Vec<String>> {
        self.words.clear();
        self.depth = 0;
        self.word("begin".into())
    }
    fn tag(&mut self, name: &str, value: &str, _: Location) -> ControlFlow<Vec<String>> {
        self.word(format!("{name}={value}"))
    }
    fn move_text(&mut self, text: &str, _: Location) -> ControlFlow<Vec<String>> {
        self.word(text.into())
    }
    fn nag(&mut self, text: &str, _: Location) -> ControlFlow<Vec<String>> {
        self.word(text.into())
    }
    fn comment(&mut self, text: &str, _: Location) -> ControlFlow<Vec<String>> {
        self.word(format!("{{{text}}}"))
    }
    fn begin_variation(&mut self, _: Location) -> ControlFlow<Vec<String>, Skip> {
        self.depth += 1;
        if self.skip_depths.contains(&self.depth) {
            self.depth -= 1;
            return ControlFlow::Continue(Skip(true));
        }
        self.word("(".into())?;
        ControlFlow::Continue(Skip(false))
    }
    fn end_variation(&mut self) -> ControlFlow<Vec<String>> {
        self.depth -= 1;
        self.word(")".into())
    }
    fn termination(&mut self, result: GameResult, _: Location) -> ControlFlow<Vec<String>> {
        self.word(result.to_string())
    }
    fn end_game(&mut self) -> Vec<String> {
        self.words.push("end".into());
        std::mem::take(&mut self.words)
    }
}

fn words(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

#[test]
fn a_game_read_to_its_end_gives_what_end_game_returns() {
    let text = "[Event \"x\"]\n1. c3-c4! {a} (1. d3-d4 $2) f6-f5 *\n";
    let mut games = pdn::read_str(text);
    let got = games.read_game(&mut Record::default()).unwrap().unwrap();
    let want = [
        "begin", "Event=x", "c3-c4", "!", "{a}", "(", "d3-d4", "$2", ")", "f6-f5", "*", "end",
    ];
    assert_eq!(got, words(&want));
    assert!(games.read_game(&mut Record::default()).is_none());
}

/// `Break` gives its output for the game; what follows in the game is neither visited nor
/// checked (the bracket `]` would be an error), and the next game is read as usual.
#[test]
fn break_gives_its_output_and_the_next_game_is_read() {
    let text = "1. c3-c4 f6-f5 ] 2. d3-d4 *\n\n[Event \"b\"]\n1. b3-b4 *\n";
    for reader in [false, true] {
        let mut record = Record {
            break_at: Some("f6-f5"),
            ..Record::default()
        };
        let mut stream = Reader::new(text.as_bytes());
        let mut games = pdn::read_str(text);
        let mut read = |v: &mut Record| {
            if reader {
                stream.read_game(v)
            } else {
                games.read_game(v)
            }
        };
        let first = read(&mut record).unwrap().unwrap();
        assert_eq!(first, words(&["begin", "c3-c4", "f6-f5"]));
        let second = read(&mut record).unwrap().unwrap();
        assert_eq!(second, words(&["begin", "Event=b", "b3-b4", "*", "end"]));
        assert!(read(&mut record).is_none());
    }
}

/// An error in the text before the visitor breaks is the game's item; after it, none is.
#[test]
fn an_error_before_break_wins() {
    let text = "1. c3-c4 ] f6-f5 *\n";
    let mut record = Record {
        break_at: Some("f6-f5"),
        ..Record::default()
    };
    let err = pdn::read_str(text)
        .read_game(&mut record)
        .unwrap()
        .unwrap_err();
    assert_eq!(err.kind, PdnErrorKind::UnexpectedChar { c: ']' });
    // The built-in reader says the same.
    assert_eq!(pdn::read_str(text).next().unwrap().unwrap_err(), err);
}

/// `Break` from `begin_game` skips the whole game, with its output; games still end where
/// the text ends them (here the first at `f6-f5`, after a termination inside a variation
/// never closed).
#[test]
fn break_at_the_start_skips_the_game() {
    let text = "1. c3-c4 (1. d3-d4 * f6-f5 *\n\n1. b3-b4 *\n";
    let mut record = Record {
        break_at: Some("begin"),
        ..Record::default()
    };
    let mut games = pdn::read_str(text);
    for _ in 0..3 {
        assert_eq!(games.read_game(&mut record), Some(Ok(words(&["begin"]))));
    }
    assert_eq!(games.read_game(&mut record), None);
    assert_eq!(pdn::read_str(text).count(), 3);
}

/// `Skip(true)` skips a variation whole: its moves, its inner variations and its
/// `end_variation`; the variations beside it are visited.
#[test]
fn skip_skips_one_variation_whole() {
    let text = "1. c3-c4 (1. d3-d4 (1. b3-b4) {in}) (1. a3-a4 (1. h3-h4)) f6-f5 *\n";
    let mut record = Record {
        skip_depths: vec![2],
        ..Record::default()
    };
    let got = pdn::read_str(text).read_game(&mut record).unwrap().unwrap();
    let want = [
        "begin", "c3-c4", "(", "d3-d4", "{in}", ")", "(", "a3-a4", ")", "f6-f5", "*", "end",
    ];
    assert_eq!(got, words(&want));
    record.skip_depths = vec![1];
    let got = pdn::read_str(text).read_game(&mut record).unwrap().unwrap();
    assert_eq!(got, words(&["begin", "c3-c4", "f6-f5", "*", "end"]));
}

/// A stream that gives `text`, then fails.
struct Failing {
    text: &'static [u8],
}

impl Read for Failing {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.fill_buf()?.len().min(buf.len());
        buf[..n].copy_from_slice(&self.text[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Failing {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.text.is_empty() {
            return Err(io::Error::other("the disk is gone"));
        }
        Ok(self.text)
    }
    fn consume(&mut self, n: usize) {
        self.text = &self.text[n..];
    }
}

/// A game the visitor broke off gives its output first, then the I/O error that cut the
/// input is an item of its own, and the reading ends.
#[test]
fn an_io_error_after_break_comes_after_the_game() {
    let mut reader = Reader::new(Failing {
        text: b"1. c3-c4 f6-f5 2. d3-d4",
    });
    let mut record = Record {
        break_at: Some("c3-c4"),
        ..Record::default()
    };
    assert_eq!(
        reader.read_game(&mut record),
        Some(Ok(words(&["begin", "c3-c4"])))
    );
    let err = reader.read_game(&mut record).unwrap().unwrap_err();
    assert!(matches!(err.kind, PdnErrorKind::Io { .. }), "{err}");
    assert!(reader.read_game(&mut record).is_none());
}
