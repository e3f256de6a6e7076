//! Write then read: a game played from the fuzz bytes (a start, then each byte picks a legal
//! move), with tags from the bytes, written by `pdn::write_game` in either notation, reads
//! back as the same game (rule set, first position, moves, result) with the same tags.
#![no_main]

use libfuzzer_sys::fuzz_target;
use turkish_draughts::pdn::{self, Notation, Tags, WriteOptions};
use turkish_draughts::{Game, GameResult, RuleSet};

const STARTS: [&str; 5] = [
    "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7",
    "W:WKb2:Bb4,d5,b6,f6,d7",
    "B:Wd2,Ke1:Bd3",
    "W:Wa2,c2,e2,g2,b3,d3,f3,h3:Ba7,c7,e7,g7,b6,d6,f6,h6",
    "W:WKa1:BKh8,h7",
];

fuzz_target!(|data: &[u8]| {
    let [how, start, tag_bytes @ .., ] = data else {
        return;
    };
    let rules = if how & 1 == 0 { RuleSet::Default } else { RuleSet::Tudaf };
    let notation = if how & 2 == 0 { Notation::Landing } else { Notation::Captured };
    let mut game = Game::from_fen(STARTS[usize::from(*start) % STARTS.len()], rules)
        .expect("a valid start");
    // The first bytes up to a zero are a tag value; the others choose moves.
    let cut = tag_bytes.iter().position(|&b| b == 0).unwrap_or(0);
    let value = String::from_utf8_lossy(&tag_bytes[..cut]).into_owned();
    for &b in &tag_bytes[cut..] {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.position().legal_moves();
        game.play(moves[usize::from(b) % moves.len()]);
    }
    let tags: Tags = [("Event", value.clone()), ("Annotator", value)].into_iter().collect();
    let text = pdn::write_game(&game, &tags, &WriteOptions::new(notation));
    let mut read = pdn::read_str(&text);
    let back = read.next().expect("one game").unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(read.next().is_none(), "{text}");
    assert_eq!(back.game().rules(), rules);
    assert_eq!(back.game(), &game, "{text}");
    assert_eq!(back.result(), game.outcome().map_or(GameResult::Ongoing, GameResult::from));
    // Values are one line each: a line break is written as a space.
    let expected = tags.event().unwrap().replace(['\n', '\r'], " ");
    assert_eq!(back.tags().event(), Some(expected.as_str()), "{text}");
    assert_eq!(pdn::write_game(back.game(), back.tags(), &WriteOptions::new(notation)), text);
});
