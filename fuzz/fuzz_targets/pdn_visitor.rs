//! PDN text through the visitor path: a recording visitor, a visitor that stops and skips
//! where the fuzz bytes say, and `skip_game` all see the same games as the replaying reader
//! (a game the caller's visitor reads without error is one the reader reads, or refuses for
//! its moves or result); every game read writes back with `PdnGame::to_pdn` and reads again
//! as the same game with the same annotations, and writing that gives the same text.
#![no_main]

use std::ops::ControlFlow;

use libfuzzer_sys::fuzz_target;
use turkish_draughts::pdn::{self, Location, Skip, Visitor};
use turkish_draughts::GameResult;

/// Records the events; past `budget` of them, answers Break with the events so far, and
/// skips every `skip`-th variation.
struct Record {
    events: usize,
    budget: usize,
    skip: usize,
    variations: usize,
    depth: isize,
}

impl Record {
    fn event(&mut self, at: Location) -> ControlFlow<usize> {
        assert!(at.line >= 1 && at.column >= 1);
        self.events += 1;
        if self.events > self.budget {
            ControlFlow::Break(self.events)
        } else {
            ControlFlow::Continue(())
        }
    }
}

impl Visitor for Record {
    type Output = usize;
    fn begin_game(&mut self, at: Location) -> ControlFlow<usize> {
        self.events = 0;
        self.depth = 0;
        self.event(at)
    }
    fn tag(&mut self, _: &str, _: &str, at: Location) -> ControlFlow<usize> {
        self.event(at)
    }
    fn move_text(&mut self, text: &str, at: Location) -> ControlFlow<usize> {
        assert!(!text.is_empty());
        self.event(at)
    }
    fn nag(&mut self, _: &str, at: Location) -> ControlFlow<usize> {
        self.event(at)
    }
    fn comment(&mut self, text: &str, at: Location) -> ControlFlow<usize> {
        assert!(!text.contains('}'));
        self.event(at)
    }
    fn begin_variation(&mut self, at: Location) -> ControlFlow<usize, Skip> {
        self.variations += 1;
        if self.skip > 0 && self.variations % self.skip == 0 {
            return ControlFlow::Continue(Skip(true));
        }
        self.depth += 1;
        self.event(at)?;
        ControlFlow::Continue(Skip(false))
    }
    fn end_variation(&mut self) -> ControlFlow<usize> {
        self.depth -= 1;
        assert!(self.depth >= 0);
        ControlFlow::Continue(())
    }
    fn termination(&mut self, _: GameResult, at: Location) -> ControlFlow<usize> {
        self.event(at)
    }
    fn end_game(&mut self) -> usize {
        self.events
    }
}

fuzz_target!(|data: &[u8]| {
    let [budget, skip, rest @ ..] = data else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let replayed: Vec<_> = pdn::read_str(&text).collect();
    for (budget, skip) in [(usize::MAX, 0), (usize::from(*budget), usize::from(*skip % 4))] {
        let mut v = Record { events: 0, budget, skip, variations: 0, depth: 0 };
        let mut games = pdn::read_str(&text);
        let mut n = 0;
        while let Some(item) = games.read_game(&mut v) {
            let Some(replay) = replayed.get(n) else {
                panic!("more games seen than read: {n}");
            };
            if budget == usize::MAX && skip == 0 {
                // An error in the text is the replaying reader's error too.
                if let Err(e) = &item {
                    assert!(replay.is_err(), "{e}");
                }
            }
            n += 1;
        }
        assert_eq!(n, replayed.len());
    }
    let mut games = pdn::read_str(&text);
    let mut n = 0;
    while games.skip_game().is_some() {
        n += 1;
    }
    assert_eq!(n, replayed.len());
    for g in replayed.iter().flatten() {
        let written = g.to_pdn();
        let back = pdn::read_str(&written)
            .next()
            .expect("one game")
            .unwrap_or_else(|e| panic!("{e}\n{written}"));
        assert_eq!(back.tags(), g.tags(), "{written}");
        assert_eq!(back.game(), g.game(), "{written}");
        assert_eq!(back.result(), g.result(), "{written}");
        assert!(back.notes().eq(g.notes()), "{written}");
        assert_eq!(back.to_pdn(), written);
    }
});
