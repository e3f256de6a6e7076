//! The engine's search options, lines, levels and review judgements, on positions worked
//! out by hand.

use turkish_draughts::engine::review::{self, Judgement, judge};
use turkish_draughts::engine::{Engine, Level, MAX_DEPTH, Options, WIN, is_decisive};
use turkish_draughts::{Color, Move, Position, RuleSet};

fn pos(fen: &str, rules: RuleSet) -> Position {
    Position::from_fen(fen, rules).expect("a test FEN")
}

fn search(
    engine: &mut Engine,
    p: &Position,
    options: &Options,
) -> turkish_draughts::engine::Analysis {
    engine
        .search(p, &[], options, &mut || false)
        .expect("a position with a legal move")
}

/// Plays `line` from `p`, each move checked legal where it is played; the position after it.
fn play_line(p: &Position, line: &[Move]) -> Position {
    let mut p = *p;
    for (i, mv) in line.iter().enumerate() {
        assert!(
            p.is_legal(*mv),
            "move {i} ({mv}) of the line is not legal in {}",
            p.to_fen()
        );
        p.play_unchecked(*mv);
    }
    p
}

// White's man on d4 can step to d5, where Black's d6 takes it (d6xd4); every other white
// move (d4-c4, d4-e4, h2-h3, h2-g2) loses nothing.
const HANGING: &str = "W:Wd4,h2:Bd6,a7";

#[test]
fn a_small_margin_never_gives_a_man_away() {
    let p = pos(HANGING, RuleSet::Default);
    let blunder = p.parse_move("d4-d5").unwrap();
    let mut engine = Engine::new(14);
    let mut seen = Vec::new();
    for seed in 0..40 {
        let found = search(
            &mut engine,
            &p,
            &Options::new().max_depth(2).margin(20).seed(seed),
        );
        assert_ne!(found.mv, blunder, "seed {seed}");
        if !seen.contains(&found.mv) {
            seen.push(found.mv);
        }
    }
    // The four safe moves are within 0.2 men of each other at depth 2: more than one is played.
    assert!(seen.len() > 1, "{seen:?}");
}

#[test]
fn without_a_margin_the_move_is_always_the_same_best_one() {
    let p = pos(HANGING, RuleSet::Default);
    let blunder = p.parse_move("d4-d5").unwrap();
    let mut engine = Engine::new(14);
    let first = search(&mut engine, &p, &Options::new().max_depth(4));
    assert_ne!(first.mv, blunder);
    assert_eq!(first.score, first.best_score);
    for seed in 1..10 {
        let again = search(&mut engine, &p, &Options::new().max_depth(4).seed(seed));
        assert_eq!(again.mv, first.mv);
    }
}

#[test]
fn the_same_seed_gives_the_same_move_and_seeds_vary_it() {
    let p = Position::start();
    let options = Level::Beginner.options(11);
    let a = search(&mut Engine::new(12), &p, &options);
    let b = search(&mut Engine::new(12), &p, &options);
    assert_eq!(a.mv, b.mv);
    let mut moves: Vec<Move> = Vec::new();
    for seed in 0..30 {
        let m = search(&mut Engine::new(12), &p, &Level::Beginner.options(seed)).mv;
        if !moves.contains(&m) {
            moves.push(m);
        }
    }
    // Eight moves from the start, all close at depth 1 (none loses anything).
    assert!(
        moves.len() >= 3,
        "only {} different first moves",
        moves.len()
    );
}

#[test]
fn a_chosen_move_scores_within_the_margin_of_the_best() {
    let p = pos(HANGING, RuleSet::Tudaf);
    let mut engine = Engine::new(14);
    for seed in 0..20 {
        let found = search(
            &mut engine,
            &p,
            &Options::new().max_depth(3).margin(150).seed(seed),
        );
        assert!(
            found.score >= found.best_score - 150,
            "{} against {}",
            found.score,
            found.best_score
        );
        assert!(found.score <= found.best_score);
    }
}

#[test]
fn excluded_moves_are_never_chosen() {
    let p = Position::start();
    let all: Vec<Move> = p.legal_moves().into_iter().collect();
    let mut engine = Engine::new(12);
    let best = search(&mut engine, &p, &Options::new().max_depth(3)).mv;
    let without = search(
        &mut engine,
        &p,
        &Options::new().max_depth(3).exclude(vec![best]),
    );
    assert_ne!(without.mv, best);
    assert_eq!(without.legal_moves, 8);
    let last = all[5];
    let only_one_left: Vec<Move> = all.iter().copied().filter(|m| *m != last).collect();
    let forced = search(
        &mut engine,
        &p,
        &Options::new().max_depth(3).exclude(only_one_left),
    );
    assert_eq!(forced.mv, last);
    assert!(
        engine
            .search(&p, &[], &Options::new().exclude(all), &mut || false)
            .is_none()
    );
}

#[test]
fn the_line_is_legal_and_as_long_as_the_depth() {
    for rules in [RuleSet::Default, RuleSet::Tudaf] {
        let p = Position::start();
        let mut engine = Engine::new(16);
        for depth in 1..=6 {
            let found = search(&mut engine, &p, &Options::new().max_depth(depth));
            assert_eq!(found.depth, depth);
            assert_eq!(found.pv[0], found.mv);
            assert_eq!(found.pv.len(), depth as usize, "{rules:?} depth {depth}");
            play_line(&p.with_rules(rules), &found.pv);
        }
    }
}

// A king and three men against a lone man in the corner a2, which moves only between a2,
// b2 and the crowning squares: White wins (by hand: the man is hemmed in and the king and
// men take away its last moves). The line of a forced win is played to the end.
#[test]
fn the_line_of_a_forced_win_ends_the_game() {
    for rules in [RuleSet::Default, RuleSet::Tudaf] {
        let p = pos("W:WKa1,a3,b3,d3:Ba2", rules);
        let mut engine = Engine::new(18);
        let found = search(&mut engine, &p, &Options::new().max_depth(16));
        assert!(
            is_decisive(found.score) && found.score > 0,
            "{rules:?}: {}",
            found.score
        );
        let plies = (WIN - found.score) as usize;
        assert_eq!(found.pv.len(), plies, "{rules:?}");
        let end = play_line(&p, &found.pv);
        let outcome = end.outcome().expect("the line ends the game");
        assert_eq!(outcome.winner(), Some(Color::White), "{rules:?}");
        // Searched again with the table warm (the win found at a shallow depth, from the
        // table), the line still reaches the end.
        let again = search(&mut engine, &p, &Options::new().max_depth(16));
        assert_eq!(again.score, found.score);
        assert_eq!(again.pv.len(), plies);
        assert!(play_line(&p, &again.pv).outcome().is_some());
    }
}

#[test]
fn levels_have_names_and_grow_stronger() {
    for level in Level::ALL {
        assert_eq!(level.name().parse::<Level>().unwrap(), level);
        assert_eq!(level.to_string(), level.name());
    }
    assert!("Expert".parse::<Level>().is_err());
    assert!("".parse::<Level>().is_err());
    for pair in Level::ALL.windows(2) {
        let (low, high) = (pair[0].settings(), pair[1].settings());
        assert!(low.max_depth <= high.max_depth);
        assert!(low.margin >= high.margin);
        assert!(low.time_ms <= high.time_ms);
        assert!(low != high);
    }
    assert_eq!(Level::Expert.settings().max_depth, MAX_DEPTH);
    assert_eq!(Level::Hard.settings().margin, 0);
}

#[test]
fn a_level_plays_a_legal_move_in_both_rule_sets() {
    for rules in [RuleSet::Default, RuleSet::Tudaf] {
        let p = pos(HANGING, rules);
        for level in Level::ALL {
            let s = level.settings();
            let options = level.options(5).max_depth(s.max_depth.min(6));
            let found = search(&mut Engine::new(12), &p, &options);
            assert!(p.is_legal(found.mv), "{level} {rules:?}");
        }
    }
}

#[test]
fn expected_scores_are_symmetric_and_rise_with_the_score() {
    assert_eq!(review::expected_score(0), 0.5);
    let mut last = 0.0;
    for s in (-1000..=1000).step_by(25) {
        let e = review::expected_score(s);
        assert!((e + review::expected_score(-s) - 1.0).abs() < 1e-12);
        assert!(e > last && e < 1.0 && e > 0.0);
        last = e;
    }
    assert_eq!(review::expected_score(WIN - 40), 1.0);
    assert_eq!(review::expected_score(-(WIN - 40)), 0.0);
    // 300 hundredths (three men) is 0.5 + 0.5 * 300 / 400.
    assert_eq!(review::expected_score(300), 0.875);
}

// The losses at the judgements' bounds, from a level position (expected 0.5): the move
// played scores -x, a loss of 0.5 · x / (x + 100). 0.10 is x = 25, 0.20 is x = 66.7,
// 0.30 is x = 150 (the cases keep off the bounds themselves, where rounding decides).
#[test]
fn judgements_change_at_their_bounds() {
    let cases = [
        (0, Judgement::Best),
        (-4, Judgement::Best),        // 0.0192
        (-5, Judgement::Good),        // 0.0238
        (-24, Judgement::Good),       // 0.0968
        (-26, Judgement::Inaccuracy), // 0.1032
        (-66, Judgement::Inaccuracy), // 0.1988
        (-67, Judgement::Mistake),    // 0.2006
        (-149, Judgement::Mistake),   // 0.2992
        (-151, Judgement::Blunder),   // 0.3008
        (-(WIN - 3), Judgement::Blunder),
    ];
    for (played, want) in cases {
        assert_eq!(judge(0, played, 10, false, None), want, "played {played}");
    }
    // A move scoring better than the engine's best is no worse than best.
    assert_eq!(judge(0, 30, 10, false, None), Judgement::Best);
    assert_eq!(judge(-300, -300, 1, false, None), Judgement::Forced);
    assert_eq!(judge(0, 0, 2, true, Some(-151)), Judgement::Only);
    assert_eq!(judge(0, 0, 2, true, Some(-149)), Judgement::Best);
    // Throwing away a forced win for a level game: a blunder.
    assert_eq!(judge(WIN - 5, 0, 6, false, None), Judgement::Blunder);
    assert!(Judgement::ALL.iter().filter(|j| j.is_error()).count() == 3);
}

#[test]
fn accuracy_is_the_mean_of_the_moves() {
    assert_eq!(review::accuracy([0.0]), Some(100.0));
    assert_eq!(review::accuracy([1.0]), Some(0.0));
    // 100 · 0.9⁴ = 65.61 and 100 · 0.5⁴ = 6.25.
    let a = review::accuracy([0.1, 0.5]).unwrap();
    assert!((a - (65.61 + 6.25) / 2.0).abs() < 1e-9, "{a}");
    assert_eq!(review::accuracy(std::iter::empty()), None);
}

// The review of a real move: d4-d5 gives away a man. The engine's best keeps the game
// level; after d4-d5 Black, to move, is a man up.
#[test]
fn giving_a_man_away_is_judged_an_error() {
    let p = pos(HANGING, RuleSet::Default);
    let mut engine = Engine::new(16);
    let before = search(&mut engine, &p, &Options::new().max_depth(6));
    let played = p.parse_move("d4-d5").unwrap();
    let after = search(
        &mut engine,
        &p.after_unchecked(played),
        &Options::new().max_depth(5),
    );
    let j = judge(
        before.best_score,
        -after.best_score,
        before.legal_moves,
        before.mv == played,
        None,
    );
    assert!(
        matches!(j, Judgement::Mistake | Judgement::Blunder),
        "{j}: {} then {}",
        before.best_score,
        after.best_score
    );
    // Black is at least 0.8 men up after it.
    assert!(after.best_score >= 80, "{}", after.best_score);
}
