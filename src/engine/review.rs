//! A game's review: each move judged by how much of the mover's expected score it gave
//! away, and an accuracy per side.
//!
//! A search score becomes an expected score, 0 (lost) to 1 (won), by
//! [`expected_score`]; a move's loss is the mover's expected score after the best move
//! less that after the move played. The judgements' bounds on the loss:
//!
//! | loss | judgement |
//! |---|---|
//! | the only legal move | [`Forced`](Judgement::Forced) |
//! | the best, every other move a blunder | [`Only`](Judgement::Only) |
//! | under 0.02 | [`Best`](Judgement::Best) |
//! | 0.02 to 0.10 | [`Good`](Judgement::Good) |
//! | 0.10 to 0.20 | [`Inaccuracy`](Judgement::Inaccuracy) |
//! | 0.20 to 0.30 | [`Mistake`](Judgement::Mistake) |
//! | 0.30 and more | [`Blunder`](Judgement::Blunder) |
//!
//! ```
//! use turkish_draughts::engine::review::{judge, Judgement};
//! // The best move kept the mover a man up (+1.00); the move played left it a man down.
//! assert_eq!(judge(100, -100, 8, false, None), Judgement::Blunder);
//! assert_eq!(judge(100, 100, 8, true, None), Judgement::Best);
//! ```

use core::fmt;

use super::WIN_BOUND;

/// The scale of [`expected_score`]: a lead of this many hundredths of a man is worth an
/// expected score of 0.75.
pub const SCALE: i32 = 100;

/// The mover's expected score, 0 (lost) to 1 (won), of a search score for the side to
/// move: 1 and 0 for forced wins and losses, else `0.5 + 0.5 · s / (|s| + 100)` (a man
/// ahead, +1.00, is 0.75; two men, 0.83; level, 0.5).
///
/// ```
/// use turkish_draughts::engine::review::expected_score;
/// use turkish_draughts::engine::WIN;
/// assert_eq!(expected_score(0), 0.5);
/// assert_eq!(expected_score(100), 0.75);
/// assert_eq!(expected_score(-100), 0.25);
/// assert_eq!(expected_score(WIN - 9), 1.0);
/// ```
pub fn expected_score(score: i32) -> f64 {
    if score > WIN_BOUND {
        1.0
    } else if score < -WIN_BOUND {
        0.0
    } else {
        let s = f64::from(score);
        0.5 + 0.5 * s / (s.abs() + f64::from(SCALE))
    }
}

/// What a move was worth, from the best to the worst.
///
/// ```
/// use turkish_draughts::engine::review::Judgement;
/// assert_eq!(Judgement::Mistake.symbol(), "?");
/// assert_eq!(Judgement::Blunder.to_string(), "blunder");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Judgement {
    /// The only legal move.
    Forced,
    /// The best move, and every other one a blunder.
    Only,
    /// The best move, or one as good (a loss under 0.02).
    Best,
    /// A loss of 0.02 to 0.10.
    Good,
    /// A loss of 0.10 to 0.20.
    Inaccuracy,
    /// A loss of 0.20 to 0.30.
    Mistake,
    /// A loss of 0.30 or more.
    Blunder,
}

impl Judgement {
    /// Every judgement, in the order of the enum.
    ///
    /// ```
    /// assert_eq!(turkish_draughts::engine::review::Judgement::ALL.len(), 7);
    /// ```
    pub const ALL: [Judgement; 7] = [
        Judgement::Forced,
        Judgement::Only,
        Judgement::Best,
        Judgement::Good,
        Judgement::Inaccuracy,
        Judgement::Mistake,
        Judgement::Blunder,
    ];

    /// The name in lower case: `forced`, `only`, `best`, `good`, `inaccuracy`, `mistake`,
    /// `blunder`.
    ///
    /// ```
    /// assert_eq!(turkish_draughts::engine::review::Judgement::Only.name(), "only");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Judgement::Forced => "forced",
            Judgement::Only => "only",
            Judgement::Best => "best",
            Judgement::Good => "good",
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }

    /// The annotation of a game record: `!` for the only move, `?!`, `?` and `??` for an
    /// inaccuracy, a mistake and a blunder, nothing for the others.
    ///
    /// ```
    /// assert_eq!(turkish_draughts::engine::review::Judgement::Best.symbol(), "");
    /// ```
    pub const fn symbol(self) -> &'static str {
        match self {
            Judgement::Only => "!",
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
            Judgement::Forced | Judgement::Best | Judgement::Good => "",
        }
    }

    /// Whether the move gave away too much: an inaccuracy, a mistake or a blunder (the
    /// moves a player practises again).
    ///
    /// ```
    /// use turkish_draughts::engine::review::Judgement;
    /// assert!(Judgement::Mistake.is_error());
    /// assert!(!Judgement::Good.is_error());
    /// ```
    pub const fn is_error(self) -> bool {
        matches!(
            self,
            Judgement::Inaccuracy | Judgement::Mistake | Judgement::Blunder
        )
    }
}

impl fmt::Display for Judgement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The mover's loss of expected score, 0 to 1, when it plays a move that scores `played`
/// where the best scores `best` (both for the mover); 0 when the move played scores as
/// well or better (a deeper look can find that).
///
/// ```
/// use turkish_draughts::engine::review::loss;
/// assert_eq!(loss(100, -100), 0.5);
/// assert_eq!(loss(0, 40), 0.0);
/// ```
pub fn loss(best: i32, played: i32) -> f64 {
    (expected_score(best) - expected_score(played)).max(0.0)
}

/// Judges a move: `best` is the best move's score for the mover, `played` the score of the
/// move played (equal to `best` when it is the best), `legal_moves` how many the mover
/// had, `played_is_best` whether it played the engine's choice, and `second_best` the best
/// score of the other moves when it is known (it tells an only move).
///
/// ```
/// use turkish_draughts::engine::review::{judge, Judgement};
/// use turkish_draughts::engine::WIN;
/// assert_eq!(judge(20, 20, 1, true, None), Judgement::Forced);
/// // The best move, and without it the mover loses: the only move.
/// assert_eq!(judge(0, 0, 5, true, Some(-(WIN - 8))), Judgement::Only);
/// assert_eq!(judge(0, 0, 5, true, Some(-10)), Judgement::Best);
/// assert_eq!(judge(0, -30, 5, false, None), Judgement::Inaccuracy);
/// ```
pub fn judge(
    best: i32,
    played: i32,
    legal_moves: usize,
    played_is_best: bool,
    second_best: Option<i32>,
) -> Judgement {
    if legal_moves <= 1 {
        return Judgement::Forced;
    }
    if played_is_best {
        return match second_best {
            Some(second) if loss(best, second) >= 0.30 => Judgement::Only,
            _ => Judgement::Best,
        };
    }
    let lost = loss(best, played);
    if lost < 0.02 {
        Judgement::Best
    } else if lost < 0.10 {
        Judgement::Good
    } else if lost < 0.20 {
        Judgement::Inaccuracy
    } else if lost < 0.30 {
        Judgement::Mistake
    } else {
        Judgement::Blunder
    }
}

/// A move's accuracy, 0 to 100, from its [`loss`]: `100 · (1 − loss)⁴` (100 for a loss of
/// 0, 66 for 0.1, 24 for 0.3, 6 for 0.5).
///
/// ```
/// use turkish_draughts::engine::review::move_accuracy;
/// assert_eq!(move_accuracy(0.0), 100.0);
/// assert!((move_accuracy(0.5) - 6.25).abs() < 1e-9);
/// ```
pub fn move_accuracy(loss: f64) -> f64 {
    let kept = (1.0 - loss).clamp(0.0, 1.0);
    100.0 * kept * kept * kept * kept
}

/// A side's accuracy: the mean of its moves' [`move_accuracy`], forced moves left out
/// (pass the losses of the others); `None` without any.
///
/// ```
/// use turkish_draughts::engine::review::accuracy;
/// assert_eq!(accuracy([0.0, 0.0]), Some(100.0));
/// assert_eq!(accuracy([0.0, 1.0]), Some(50.0));
/// assert_eq!(accuracy([]), None);
/// ```
pub fn accuracy(losses: impl IntoIterator<Item = f64>) -> Option<f64> {
    let (sum, n) = losses
        .into_iter()
        .fold((0.0, 0u32), |(s, n), l| (s + move_accuracy(l), n + 1));
    (n > 0).then(|| sum / f64::from(n))
}
