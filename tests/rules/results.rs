//! Results as text: `GameResult` printing and parsing, and the result of an `Outcome`.

use turkish_draughts::{Color, DrawReason, GameResult, Outcome, ParseResultError, WinReason};

const ALL: [GameResult; 4] = [
    GameResult::WhiteWins,
    GameResult::BlackWins,
    GameResult::Draw,
    GameResult::Ongoing,
];

#[test]
fn prints_the_draughts_convention() {
    let text: Vec<String> = ALL.iter().map(|r| r.to_string()).collect();
    assert_eq!(text, ["2-0", "0-2", "1-1", "*"]);
    for r in ALL {
        assert_eq!(r.as_str(), r.to_string());
    }
}

#[test]
fn reads_every_form() {
    for (text, want) in [
        ("2-0", GameResult::WhiteWins),
        ("1-0", GameResult::WhiteWins),
        ("0-2", GameResult::BlackWins),
        ("0-1", GameResult::BlackWins),
        ("1-1", GameResult::Draw),
        ("1/2-1/2", GameResult::Draw),
        ("*", GameResult::Ongoing),
        ("  2-0\n", GameResult::WhiteWins),
        ("\t1/2-1/2 ", GameResult::Draw),
        (" * ", GameResult::Ongoing),
    ] {
        assert_eq!(text.parse::<GameResult>(), Ok(want), "{text:?}");
    }
}

#[test]
fn round_trips() {
    for r in ALL {
        assert_eq!(r.to_string().parse::<GameResult>(), Ok(r));
    }
}

#[test]
fn refuses_everything_else() {
    for text in [
        "", " ", "2-1", "0-0", "2 - 0", "1/2", "½-½", "2-0 *", "**", "2:0", "W", "1-1-1", "20",
        "1/2-1/2x", "+",
    ] {
        assert_eq!(
            text.parse::<GameResult>(),
            Err(ParseResultError),
            "{text:?}"
        );
    }
    assert_eq!(
        ParseResultError.to_string(),
        "not a game result: expected `2-0`, `0-2`, `1-1`, `1-0`, `0-1`, `1/2-1/2` or `*`"
    );
}

#[test]
fn outcomes_give_results() {
    for (winner, want) in [
        (Color::White, GameResult::WhiteWins),
        (Color::Black, GameResult::BlackWins),
    ] {
        for reason in [WinReason::NoLegalMove, WinReason::KingAgainstLoneMan] {
            let o = Outcome::Win { winner, reason };
            assert_eq!(o.result(), want);
            assert_eq!(GameResult::from(o), want);
            assert_eq!(GameResult::from_outcome(Some(o)), want);
            assert_eq!(want.winner(), Some(winner));
            assert_eq!(GameResult::win(winner), want);
        }
    }
    for reason in [
        DrawReason::OneKingEach,
        DrawReason::OneManEach,
        DrawReason::KingAgainstLoneMan,
        DrawReason::Repetition,
        DrawReason::NoProgress,
    ] {
        assert_eq!(Outcome::Draw { reason }.result(), GameResult::Draw);
    }
    assert_eq!(GameResult::from_outcome(None), GameResult::Ongoing);
    assert!(!GameResult::Ongoing.is_decided());
    assert!(ALL[..3].iter().all(|r| r.is_decided()));
    assert_eq!(GameResult::Draw.winner(), None);
}

#[test]
fn outcome_display_names_the_new_draws() {
    assert_eq!(
        Outcome::Draw {
            reason: DrawReason::Repetition
        }
        .to_string(),
        "draw: threefold repetition"
    );
    assert_eq!(
        Outcome::Draw {
            reason: DrawReason::NoProgress
        }
        .to_string(),
        "draw: no capture or man move within the limit"
    );
}
